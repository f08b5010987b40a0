import { subscriptionSources, subscriptionStatuses } from '@pult/contract';
import { Col, DatePicker, Form, Input, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceFilter, FILTER_COL, FilterReset } from '../../../components/filter-fields';
import { DATE_FORMATS } from '../../../lib/format';
import { usePlans } from '../../../lib/resources/plans';
import { useTheme } from '../../../lib/theme-store';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback';
import type { SubscriptionSource, SubscriptionStatus, SubscriptionsSearch } from '../lib/subscription-filters';

interface FilterValues {
  status: SubscriptionStatus[];
  source: SubscriptionSource[];
  planId: number | null;
  user: string;
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
  user: search.user ?? '',
  expiresBefore: search.expiresBefore ? dayjs(search.expiresBefore) : null,
});

const fromValues = (values: FilterValues): Partial<SubscriptionsSearch> => ({
  status: values.status ?? [],
  source: values.source ?? [],
  planId: values.planId ?? undefined,
  user: values.user?.trim() || undefined,
  expiresBefore: values.expiresBefore ? values.expiresBefore.format('YYYY-MM-DD') : undefined,
});

/**
 * The filter bar. Lists and dates apply at once; the user field when typing pauses (or on Enter), as
 * every list does. The URL is the state: back and forward move the form too.
 */
export const SubscriptionFilters = ({ search, onChange }: Props) => {
  const { t } = useTranslation();
  const { locale } = useTheme();
  const [form] = Form.useForm<FilterValues>();
  const plans = usePlans();
  const apply = () => onChange(fromValues(form.getFieldsValue()));
  const typing = useDebouncedCallback(apply);

  // Follow the URL (back, forward, «Сбросить»), except in the field being typed in.
  useEffect(() => {
    const values: Partial<FilterValues> = toValues(search);
    if (typing.pending()) delete values.user;
    form.setFieldsValue(values);
  }, [form, search, typing]);

  return (
    <Form<FilterValues>
      form={form}
      layout="vertical"
      name="subscription-filters"
      initialValues={toValues(search)}
      onValuesChange={(changed: Partial<FilterValues>) => {
        if ('user' in changed) typing.schedule();
        else {
          typing.cancel();
          apply();
        }
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
          <Form.Item name="user" label={t('subscriptions.filters.user')}>
            <Input
              allowClear
              autoComplete="off"
              placeholder={t('subscriptions.filters.userPlaceholder')}
              onPressEnter={typing.flush}
            />
          </Form.Item>
        </Col>
        <Col {...FILTER_COL}>
          <Form.Item name="expiresBefore" label={t('subscriptions.filters.expiresBefore')}>
            <DatePicker format={DATE_FORMATS[locale]} className="full-width" />
          </Form.Item>
        </Col>
        <FilterReset
          label={t('subscriptions.filters.reset')}
          onReset={() => {
            typing.cancel();
            onChange({ status: [], source: [], planId: undefined, user: undefined, expiresBefore: undefined });
          }}
        />
      </Row>
    </Form>
  );
};
