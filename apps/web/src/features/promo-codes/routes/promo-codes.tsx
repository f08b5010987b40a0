import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Result, Skeleton } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { usePromoSeriesList } from '../api/promo-series';
import { CreateSeriesDrawer } from '../components/create-series-drawer';
import { SeriesFiltersBar } from '../components/series-filters-bar';
import { SeriesTable, seriesPath } from '../components/series-table';
import {
  DEFAULT_TAKE,
  hasActiveFilters,
  parseSeriesFilters,
  type SeriesFilters,
  toSearchParams,
} from '../lib/series-filters';
import '../components/promo-codes.css';

/** `/app/promo-codes`: the promo-code series, filtered through the URL, paged on the server. */
export const PromoCodesPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseSeriesFilters(searchParams), [searchParams]);
  const list = usePromoSeriesList(filters);
  const [creating, setCreating] = useState(searchParams.get('create') === '1');

  const update = useCallback(
    (next: Partial<SeriesFilters>) =>
      setSearchParams((current) => toSearchParams({ ...parseSeriesFilters(current), page: 1, ...next }), {
        replace: true,
      }),
    [setSearchParams],
  );
  const reset = () => setSearchParams(toSearchParams({ page: 1, take: filters.take }), { replace: true });

  const createButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
      {t('promoCodes.create.open')}
    </Button>
  );

  const body = () => {
    if (list.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
    if (list.isError && !list.data)
      return (
        <Result
          status="error"
          title={t('promoCodes.list.loadFailed')}
          extra={<Button onClick={() => list.refetch()}>{t('promoCodes.common.retry')}</Button>}
        />
      );
    if (list.data.count === 0 && !hasActiveFilters(filters) && filters.page === 1)
      return (
        <Empty description={t('promoCodes.list.empty')} className="promo-empty">
          {createButton}
        </Empty>
      );
    return (
      <SeriesTable
        data={list.data}
        loading={list.isFetching && list.isPlaceholderData}
        page={filters.page}
        take={filters.take}
        onPage={(page, take) => update({ page: take === filters.take ? page : 1, take: take ?? DEFAULT_TAKE })}
      />
    );
  };

  return (
    <>
      <Flex justify="space-between" align="center" gap="middle" wrap className="promo-page-head">
        <PageTitle>{t('nav.promoCodes')}</PageTitle>
        {createButton}
      </Flex>
      <Card>
        <SeriesFiltersBar filters={filters} onChange={update} onReset={reset} />
        {body()}
      </Card>
      <CreateSeriesDrawer
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(series) => navigate(seriesPath(series.id))}
      />
    </>
  );
};
