import { MAX_SERIES_DAYS, type PrefilledSeries } from '@pult/contract';
import { Col, DatePicker, Form, type FormInstance, Input, InputNumber, Row, Select, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../../../config/theme-config';
import { isLifetime } from '../../../lib/duration';
import { DATE_FORMATS, formatNumber } from '../../../lib/format';
import { useEnabledPlans } from '../../../lib/resources/plans';
import { codeShape } from '../lib/progress';
import { codeCapacity, type SeriesField, type SeriesFormValues, validateSeries } from '../lib/series-form';
import { BasketField } from './basket-field';

export const fromPrefilled = (data: PrefilledSeries): SeriesFormValues => ({
  name: data.name,
  prefix: data.prefix,
  codeLength: data.codeLength,
  codesCount: data.codesCount,
  planId: data.planId,
  durationDays: data.durationDays,
  startsAt: data.startsAt ? dayjs(data.startsAt) : null,
  endsAt: data.endsAt ? dayjs(data.endsAt) : null,
  basketId: '',
});

interface Props {
  form: FormInstance<SeriesFormValues>;
  initialValues: SeriesFormValues;
  onFinish: (values: SeriesFormValues) => void;
  disabled: boolean;
  /** The user changed a field (the drawer tracks unsaved changes with it). */
  onValuesChange?: () => void;
}

/** The series fields, validated with the contract's schema as the user types. */
export const SeriesForm = ({ form, initialValues, onFinish, disabled, onValuesChange }: Props) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const plans = useEnabledPlans();
  const prefix = Form.useWatch('prefix', form);
  const codeLength = Form.useWatch('codeLength', form);
  const planId = Form.useWatch('planId', form);
  const chosenPlan = plans.data?.find((item) => item.id === planId);
  const lifetime = chosenPlan ? isLifetime(chosenPlan.durationDays, chosenPlan.period) : false;

  /** One rule per field that asks the contract schema about the whole form, reporting this field. */
  const contract = (field: SeriesField): Rule => ({
    validator: async () => {
      const message = validateSeries(form.getFieldsValue(true))[field];
      if (message) throw new Error(t(message.key, message.values));
    },
  });

  const dateFormat = `${DATE_FORMATS[locale]} HH:mm`;
  const shape = codeShape(prefix, codeLength ?? undefined);
  const capacity = typeof codeLength === 'number' && codeLength >= 2 ? codeCapacity(codeLength) : null;

  return (
    <Form<SeriesFormValues>
      form={form}
      name="promo-series"
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      onValuesChange={onValuesChange}
      disabled={disabled}
      scrollToFirstError
    >
      <Form.Item name="name" label={t('promoCodes.fields.name')} required rules={[contract('name')]}>
        <Input maxLength={100} autoFocus />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={14}>
          <Form.Item name="planId" label={t('promoCodes.fields.plan')} required rules={[contract('planId')]}>
            <Select
              loading={plans.isLoading}
              placeholder={t('promoCodes.create.planPlaceholder')}
              onChange={(planId: number) => {
                const plan = plans.data?.find((item) => item.id === planId);
                if (plan) form.setFieldValue('durationDays', Math.min(plan.durationDays, MAX_SERIES_DAYS));
              }}
              options={(plans.data ?? []).map((plan) => ({
                value: plan.id,
                label: plan.title,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          {/* A lifetime plan's subscription never ends: there is no term to choose. */}
          {lifetime ? (
            <Form.Item label={t('promoCodes.fields.durationDays')} htmlFor="series-duration-lifetime" required>
              <Input id="series-duration-lifetime" value={t('duration.lifetime')} disabled />
            </Form.Item>
          ) : null}
          <Form.Item
            name="durationDays"
            hidden={lifetime}
            label={t('promoCodes.fields.durationDays')}
            required
            rules={[contract('durationDays')]}
          >
            <InputNumber
              className="promo-full-width"
              min={1}
              max={MAX_SERIES_DAYS}
              suffix={t('promoCodes.daysShort')}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item
            name="prefix"
            label={t('promoCodes.fields.prefix')}
            rules={[contract('prefix')]}
            normalize={(value: string | undefined) => value?.toUpperCase()}
          >
            <Input maxLength={10} className="promo-mono" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item
            name="codeLength"
            label={t('promoCodes.fields.codeLength')}
            required
            rules={[contract('codeLength')]}
          >
            <InputNumber className="promo-full-width" min={2} max={32} precision={0} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item
            name="codesCount"
            label={t('promoCodes.fields.codesCount')}
            required
            dependencies={['codeLength']}
            rules={[contract('codesCount')]}
          >
            <InputNumber className="promo-full-width" min={1} precision={0} />
          </Form.Item>
        </Col>
      </Row>
      <div className="promo-shape-hint" data-testid="code-shape">
        <Typography.Text type="secondary">{t('promoCodes.create.shape')} </Typography.Text>
        <Typography.Text code className="promo-mono">
          {shape || '—'}
        </Typography.Text>
        <Typography.Text type="secondary">
          {' '}
          {t('promoCodes.create.shapeText', { prefix: prefix || '—', count: codeLength ?? 0 })}
          {capacity !== null && capacity < 1e12
            ? ` · ${t('promoCodes.create.capacity', { max: formatNumber(capacity, locale) })}`
            : ''}
        </Typography.Text>
      </div>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="startsAt" label={t('promoCodes.fields.startsAt')} rules={[contract('startsAt')]}>
            <DatePicker className="promo-full-width" showTime={{ format: 'HH:mm' }} format={dateFormat} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="endsAt"
            label={t('promoCodes.fields.endsAt')}
            dependencies={['startsAt']}
            rules={[contract('endsAt')]}
          >
            <DatePicker className="promo-full-width" showTime={{ format: 'HH:mm' }} format={dateFormat} />
          </Form.Item>
        </Col>
      </Row>
      <BasketField />
    </Form>
  );
};
