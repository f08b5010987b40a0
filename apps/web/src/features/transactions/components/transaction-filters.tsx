import { transactionKinds, transactionProviders, transactionStatuses } from '@pult/contract';
import { Col, DatePicker, Form, Input, InputNumber, Row, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceFilter, FilterReset } from '../../../components/filter-fields';
import { DATE_FORMATS } from '../../../lib/format';
import { useTheme } from '../../../lib/theme-store';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback';
import type {
  TransactionKind,
  TransactionProvider,
  TransactionStatus,
  TransactionsSearch,
} from '../lib/transaction-filters';
import { useProviderLabel } from './transaction-tags';

interface FilterValues {
  status: TransactionStatus[];
  provider: TransactionProvider[];
  kind: TransactionKind[];
  user: string;
  period: [Dayjs | null, Dayjs | null] | null;
  amountMin: number | null;
  amountMax: number | null;
}

type Filters = Omit<TransactionsSearch, 'page' | 'take' | 'sort'>;

interface Props {
  search: TransactionsSearch;
  onChange: (filters: Filters) => void;
}

const EMPTY: Filters = { status: [], provider: [], kind: [] };

const toValues = (search: TransactionsSearch): FilterValues => ({
  status: search.status,
  provider: search.provider,
  kind: search.kind,
  user: search.user ?? '',
  period:
    search.from || search.to ? [search.from ? dayjs(search.from) : null, search.to ? dayjs(search.to) : null] : null,
  amountMin: search.amountMin ?? null,
  amountMax: search.amountMax ?? null,
});

const fromValues = (values: FilterValues): Filters => ({
  status: values.status ?? [],
  provider: values.provider ?? [],
  kind: values.kind ?? [],
  user: values.user?.trim() || undefined,
  from: values.period?.[0]?.format('YYYY-MM-DD'),
  to: values.period?.[1]?.format('YYYY-MM-DD'),
  amountMin: values.amountMin ?? undefined,
  amountMax: values.amountMax ?? undefined,
});

/** Fields typed by hand apply when typing pauses (or on Enter); lists and dates at once, as every list does. */
const TYPED: (keyof FilterValues)[] = ['user', 'amountMin', 'amountMax'];
/** Six fields with a range and an amount pair: four to a row on a wide screen. */
const COL = { xs: 24, sm: 12, lg: 8, xxl: 6 } as const;

/** The filter bar. The URL is the state: reload, back and forward keep the filters. */
export const TransactionFilters = ({ search, onChange }: Props) => {
  const { t } = useTranslation();
  const { locale } = useTheme();
  const providerLabel = useProviderLabel();
  const [form] = Form.useForm<FilterValues>();

  const apply = async () => {
    // The amount range must be in order; the API would refuse it otherwise.
    await form.validateFields(['amountMax']).catch(() => undefined);
    if (form.getFieldError('amountMax').length > 0) return;
    onChange(fromValues(form.getFieldsValue()));
  };
  const typing = useDebouncedCallback(() => void apply());

  // Back/forward and «Сбросить» change the URL under the form: follow it, except in a field being typed in.
  useEffect(() => {
    const values = toValues(search);
    if (typing.pending()) for (const name of TYPED) delete values[name];
    form.setFieldsValue(values);
  }, [form, search, typing]);

  const decimalSeparator = locale === 'ru' || locale === 'fr' ? ',' : '.';

  return (
    <Form<FilterValues>
      form={form}
      layout="vertical"
      name="transaction-filters"
      initialValues={toValues(search)}
      onValuesChange={(changed: Partial<FilterValues>) => {
        if (Object.keys(changed).some((name) => TYPED.includes(name as keyof FilterValues))) typing.schedule();
        else {
          typing.cancel();
          void apply();
        }
      }}
      className="list-filters"
    >
      <Row gutter={16} align="bottom">
        <ChoiceFilter<TransactionStatus>
          name="status"
          label={t('transactions.filters.status')}
          placeholder={t('transactions.filters.any')}
          values={transactionStatuses}
          labelOf={(value) => t(`transactions.status.${value}`)}
          col={COL}
        />
        <ChoiceFilter<TransactionProvider>
          name="provider"
          label={t('transactions.filters.provider')}
          placeholder={t('transactions.filters.any')}
          values={transactionProviders}
          labelOf={providerLabel}
          col={COL}
        />
        <ChoiceFilter<TransactionKind>
          name="kind"
          label={t('transactions.filters.kind')}
          placeholder={t('transactions.filters.any')}
          values={transactionKinds}
          labelOf={(value) => t(`transactions.kind.${value}`)}
          col={COL}
        />
        <Col {...COL}>
          <Form.Item name="user" label={t('transactions.filters.user')}>
            <Input
              allowClear
              autoComplete="off"
              placeholder={t('transactions.filters.userPlaceholder')}
              onPressEnter={typing.flush}
            />
          </Form.Item>
        </Col>
        <Col {...COL}>
          <Form.Item name="period" label={t('transactions.filters.period')}>
            <DatePicker.RangePicker
              format={DATE_FORMATS[locale]}
              allowEmpty={[true, true]}
              className="full-width"
              placeholder={[t('transactions.filters.periodFrom'), t('transactions.filters.periodTo')]}
            />
          </Form.Item>
        </Col>
        <Col {...COL}>
          <Form.Item label={t('transactions.filters.amount')} required={false}>
            <Space.Compact block>
              <Form.Item name="amountMin" noStyle>
                <InputNumber<number>
                  min={0}
                  precision={2}
                  decimalSeparator={decimalSeparator}
                  controls={false}
                  onPressEnter={typing.flush}
                  placeholder={t('transactions.filters.amountFrom')}
                  aria-label={t('transactions.filters.amountMinLabel')}
                  className="full-width"
                />
              </Form.Item>
              <Form.Item
                name="amountMax"
                noStyle
                dependencies={['amountMin']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: async (_rule, value: number | null) => {
                      const min = getFieldValue('amountMin') as number | null;
                      if (value !== null && value !== undefined && min !== null && min !== undefined && value < min)
                        throw new Error(t('transactions.filters.amountOrder'));
                    },
                  }),
                ]}
              >
                <InputNumber<number>
                  min={0}
                  precision={2}
                  decimalSeparator={decimalSeparator}
                  controls={false}
                  onPressEnter={typing.flush}
                  placeholder={t('transactions.filters.amountTo')}
                  aria-label={t('transactions.filters.amountMaxLabel')}
                  suffix="₽"
                  className="full-width"
                />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
        </Col>
        <FilterReset
          label={t('transactions.filters.reset')}
          onReset={() => {
            typing.cancel();
            onChange(EMPTY);
          }}
        />
      </Row>
    </Form>
  );
};
