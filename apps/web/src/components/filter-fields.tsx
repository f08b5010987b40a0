import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Col, Flex, Form, Select } from 'antd';

/** Where a list screen's filter fields sit by default: one to a row on a phone, six on a wide screen. */
export const FILTER_COL = { xs: 24, sm: 12, lg: 8, xxl: 4 } as const;

type ColSpans = { xs: number; sm: number; lg: number; xxl: number };

interface ChoiceFilterProps<T extends string> {
  name: string;
  label: string;
  /** Shown while nothing is chosen, i.e. what an empty filter means («Любой»). */
  placeholder: string;
  values: readonly T[];
  labelOf: (value: T) => string;
  col?: ColSpans;
}

/** A filter that keeps rows with any of the chosen values; empty means no filter. */
export const ChoiceFilter = <T extends string>({
  name,
  label,
  placeholder,
  values,
  labelOf,
  col = FILTER_COL,
}: ChoiceFilterProps<T>) => (
  <Col {...col}>
    <Form.Item name={name} label={label}>
      <Select<T[]>
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        placeholder={placeholder}
        options={values.map((value) => ({ value, label: labelOf(value) }))}
      />
    </Form.Item>
  </Col>
);

/**
 * «Сбросить», at the end of a filter bar whose every field applies by itself (lists and dates at once,
 * typed fields when typing pauses): the behaviour of every list.
 */
export const FilterReset = ({ label, onReset }: { label: string; onReset: () => void }) => (
  <Col flex="none">
    <Form.Item>
      <Button icon={<ReloadOutlined />} onClick={onReset}>
        {label}
      </Button>
    </Form.Item>
  </Col>
);

/** «Применить» (submits the filter form: fields typed by hand apply on it) and «Сбросить». */
export const FilterActions = ({
  applyLabel,
  resetLabel,
  onReset,
}: {
  applyLabel: string;
  resetLabel: string;
  onReset: () => void;
}) => (
  <Col flex="none">
    <Form.Item>
      <Flex gap="small">
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {applyLabel}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={onReset}>
          {resetLabel}
        </Button>
      </Flex>
    </Form.Item>
  </Col>
);
