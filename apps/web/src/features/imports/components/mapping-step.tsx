import { type ImportKind, requiredImportFields } from '@pult/contract';
import { Button, Flex, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldsOf } from '../lib/import-options';

interface MappingStepProps {
  kind: ImportKind;
  columns: string[];
  mapping: Record<string, number>;
  busy: boolean;
  onChange: (mapping: Record<string, number>) => void;
  onBack: () => void;
  onCheck: () => void;
}

const NONE = -1;

/** Step 2: which column of the file holds each field (guessed from the headers, or as last time). */
export const MappingStep = ({ kind, columns, mapping, busy, onChange, onBack, onCheck }: MappingStepProps) => {
  const { t } = useTranslation();
  const required: readonly string[] = requiredImportFields[kind];
  const missing = required.filter((field) => mapping[field] === undefined);
  const options = [
    { value: NONE, label: t('imports.mapping.none') },
    ...columns.map((column, index) => ({
      value: index,
      label: column.trim() ? column : t('imports.mapping.column', { n: index + 1 }),
    })),
  ];
  return (
    <Flex vertical gap="middle">
      <Form layout="vertical" className="imports-mapping">
        {fieldsOf(kind).map((field) => (
          <Form.Item
            key={field}
            label={t(`imports.fields.${field}`)}
            htmlFor={`import-map-${field}`}
            required={required.includes(field)}
            validateStatus={missing.includes(field) ? 'warning' : undefined}
            help={missing.includes(field) ? t('imports.mapping.required') : undefined}
          >
            <Select
              id={`import-map-${field}`}
              value={mapping[field] ?? NONE}
              options={options}
              onChange={(value: number) => {
                const next = { ...mapping };
                if (value === NONE) delete next[field];
                else next[field] = value;
                onChange(next);
              }}
              style={{ maxWidth: 360 }}
            />
          </Form.Item>
        ))}
      </Form>
      <Flex justify="space-between" gap="small" wrap>
        <Button onClick={onBack}>{t('imports.back')}</Button>
        <Button type="primary" loading={busy} onClick={onCheck}>
          {t('imports.mapping.check')}
        </Button>
      </Flex>
    </Flex>
  );
};
