import type { RetentionSettings } from '@pult/contract';
import { Col, Flex, Form, InputNumber, Row, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Months, or null for «keep for good»: a switch turns deleting on (with `fallback` months) or off. */
const MonthsOrForever = ({
  value,
  onChange,
  fallback,
  label,
}: {
  value?: number | null;
  onChange?: (value: number | null) => void;
  fallback: number;
  label: string;
}) => {
  const { t } = useTranslation();
  const on = value !== null && value !== undefined;
  return (
    <Flex gap="small" align="center" wrap>
      <Switch
        checked={on}
        aria-label={t('settings.retention.deleteOld', { what: label })}
        onChange={(checked) => onChange?.(checked ? fallback : null)}
      />
      {on ? (
        <InputNumber
          min={1}
          max={120}
          precision={0}
          value={value}
          aria-label={t('settings.retention.months', { what: label })}
          suffix={t('settings.retention.monthsUnit')}
          className="settings-number"
          onChange={(months) => onChange?.(months ?? fallback)}
        />
      ) : (
        <Typography.Text type="secondary">{t('settings.retention.keepForever')}</Typography.Text>
      )}
    </Flex>
  );
};

const FIELDS: Array<{ name: keyof RetentionSettings; fallback: number }> = [
  { name: 'pushDeliveriesMonths', fallback: 6 },
  { name: 'signInsMonths', fallback: 12 },
  { name: 'auditMonths', fallback: 36 },
  { name: 'revisionsMonths', fallback: 36 },
];

/** How long old push deliveries, sign-in records and (when set) audit events and records' history are kept. */
export const RetentionFields = () => {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={5}>{t('settings.sections.retention')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('settings.hints.retention')}</Typography.Paragraph>
      <Row gutter={16}>
        {FIELDS.map(({ name, fallback }) => {
          const label = t(`settings.fields.${name}`);
          return (
            <Col key={name} xs={24} md={12} xl={6}>
              <Form.Item name={['retention', name]} label={label} extra={t(`settings.hints.${name}`)}>
                <MonthsOrForever fallback={fallback} label={label} />
              </Form.Item>
            </Col>
          );
        })}
      </Row>
    </>
  );
};
