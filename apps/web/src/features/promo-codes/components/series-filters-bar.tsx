import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Input, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../../../config/theme-config';
import { useDayRange } from '../../../lib/day-range';
import { DATE_FORMATS } from '../../../lib/format';
import { usePlans } from '../../../lib/resources/plans';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { hasActiveFilters, type SeriesFilters } from '../lib/series-filters';

interface Props {
  filters: SeriesFilters;
  onChange: (next: Partial<SeriesFilters>) => void;
  onReset: () => void;
}

/** Name, status, plan and creation period; every change goes to the URL and back to page 1. */
export const SeriesFiltersBar = ({ filters, onChange, onReset }: Props) => {
  const { t, i18n } = useTranslation();
  const plans = usePlans();
  const [name, setName] = useState(filters.name ?? '');
  const settledName = useDebouncedValue(name);

  // The URL may change under us (back button, reset): follow it.
  useEffect(() => setName(filters.name ?? ''), [filters.name]);
  // Only the user's typing pushes to the URL: a reset must not be undone by a late debounce.
  const lastSettled = useRef(settledName);
  useEffect(() => {
    if (settledName === lastSettled.current) return;
    lastSettled.current = settledName;
    const next = settledName.trim() || undefined;
    if (next !== filters.name) onChange({ name: next });
  }, [settledName, filters.name, onChange]);

  const range = useDayRange(filters.createdFrom, filters.createdTo);

  return (
    <Flex gap="middle" wrap className="promo-filters" role="search" aria-label={t('promoCodes.filters.label')}>
      <Input
        className="promo-filter-name"
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('promoCodes.filters.name')}
        aria-label={t('promoCodes.filters.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <Select
        className="promo-filter-select"
        allowClear
        placeholder={t('promoCodes.filters.status')}
        aria-label={t('promoCodes.filters.status')}
        value={filters.status ?? null}
        onChange={(status) => onChange({ status: status ?? undefined })}
        options={[
          { value: 'enabled', label: t('promoCodes.status.enabled') },
          { value: 'disabled', label: t('promoCodes.status.disabled') },
        ]}
      />
      <Select
        className="promo-filter-plan"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={plans.isLoading}
        placeholder={t('promoCodes.filters.plan')}
        aria-label={t('promoCodes.filters.plan')}
        value={filters.planId ?? null}
        onChange={(planId) => onChange({ planId: planId ?? undefined })}
        options={(plans.data?.items ?? []).map((plan) => ({ value: plan.id, label: plan.title }))}
      />
      <DatePicker.RangePicker
        className="promo-filter-range"
        allowEmpty={[true, true]}
        format={DATE_FORMATS[i18n.language as LocaleId]}
        value={range}
        placeholder={[t('promoCodes.filters.createdFrom'), t('promoCodes.filters.createdTo')]}
        aria-label={t('promoCodes.filters.created')}
        onChange={(dates) =>
          onChange({
            createdFrom: dates?.[0]?.format('YYYY-MM-DD'),
            createdTo: dates?.[1]?.format('YYYY-MM-DD'),
          })
        }
      />
      {hasActiveFilters(filters) ? (
        <Button icon={<ReloadOutlined />} onClick={onReset}>
          {t('promoCodes.filters.reset')}
        </Button>
      ) : null}
    </Flex>
  );
};
