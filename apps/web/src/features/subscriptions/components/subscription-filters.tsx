import { subscriptionSources, subscriptionStatuses } from '@pult/contract';
import { Col, DatePicker, Form, InputNumber, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceFilter, FILTER_COL, FilterActions } from '../../../components/filter-fields';
import { DATE_FORMATS } from '../../../lib/format';
import { usePlans } from '../../../lib/resources/plans';
import { useTheme } from '../../../lib/theme-store';
import type { SubscriptionSource, SubscriptionStatus, SubscriptionsSearch } from '../lib/subscription-filters';

interface FilterValues {
  status: SubscriptionStatus[];
  source: SubscriptionSource[];
  planId: number | null;
  owner: number | null;
  expiresBefore: Dayjs | null;
}

interface Props {
  search: SubscriptionsSearch;
  onChange: (filters: Partial<SubscriptionsSearch>) => void;
}

const toValues = (search: SubscriptionsSearch): FilterValues => ({
  status: search.status,
  source: search.source,
  planId: search.planId ?? null,
  owner: search.owner ?? null,
  expiresBefore: search.expiresBefore ? dayjs(search.expiresBefore) : null,
});

const fromValues = (values: FilterValues): Partial<SubscriptionsSearch> => ({
  status: values.status ?? [],
  source: values.source ?? [],
  planId: values.planId ?? undefined,
  owner: values.owner ?? undefined,
  expiresBefore: values.expiresBefore ? values.expiresBefore.format('YYYY-MM-DD') : undefined,
});

/**
 * The filter bar. Lists and dates apply at once; the owner id applies on Enter or «Применить».
 * The URL is the state: back and forward move the form too.
 */
export const SubscriptionFilters = ({ search, onChange }: Props) => {
  const { t } = useTranslation();
  const { locale } = useTheme();
  const [form] = Form.useForm<FilterValues>();
  const plans = usePlans();

  useEffect(() => {
    form.setFieldsValue(toValues(search));
  }, [form, search]);

  const apply = () => onChange(fromValues(form.getFieldsValue()));

  return (
    <Form<FilterValues>
      form={form}
      layout="vertical"
      name="subscription-filters"
      initialValues={toValues(search)}
      onFinish={apply}
      onValuesChange={(changed: Partial<FilterValues>) => {
        if (!('owner' in changed)) apply();
      }}
      className="list-filters"
    >
      <Row gutter={16} align="bottom">
        <ChoiceFilter<SubscriptionStatus>
          name="status"
          label={t('subscriptions.filters.status')}
          placeholder={t('subscriptions.filters.any')}
          values={subscriptionStatuses}
          labelOf={(value) => t(`subscriptions.status.${value}`)}
        />
        <ChoiceFilter<SubscriptionSource>
          name="source"
          label={t('subscriptions.filters.source')}
          placeholder={t('subscriptions.filters.any')}
          values={subscriptionSources}
          labelOf={(value) => t(`subscriptions.source.${value}`)}
        />
        <Col {...FILTER_COL}>
          <Form.Item name="planId" label={t('subscriptions.filters.plan')}>
            <Select<number>
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={plans.isPending}
              placeholder={t('subscriptions.filters.anyPlan')}
              options={(plans.data?.items ?? []).map((plan) => ({ value: plan.id, label: plan.title }))}
            />
          </Form.Item>
        </Col>
        <Col {...FILTER_COL}>
          <Form.Item name="owner" label={t('subscriptions.filters.owner')}>
            <InputNumber<number> min={1} precision={0} controls={false} className="full-width" />
          </Form.Item>
        </Col>
        <Col {...FILTER_COL}>
          <Form.Item name="expiresBefore" label={t('subscriptions.filters.expiresBefore')}>
            <DatePicker format={DATE_FORMATS[locale]} className="full-width" />
          </Form.Item>
        </Col>
        <FilterActions
          applyLabel={t('subscriptions.filters.apply')}
          resetLabel={t('subscriptions.filters.reset')}
          onReset={() =>
            onChange({ status: [], source: [], planId: undefined, owner: undefined, expiresBefore: undefined })
          }
        />
      </Row>
    </Form>
  );
};
