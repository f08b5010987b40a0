import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { useScreenCommands } from '../../../lib/screen-commands';
import { useUrlState } from '../../../lib/use-url-state';
import { usePromoSeriesList } from '../api/promo-series';
import { CreateSeriesDrawer } from '../components/create-series-drawer';
import { SeriesFiltersBar } from '../components/series-filters-bar';
import { SeriesTable, seriesPath } from '../components/series-table';
import { hasActiveFilters, type SeriesFilters, seriesParams } from '../lib/series-filters';
import '../components/promo-codes.css';

const NO_FILTERS = {
  name: undefined,
  status: undefined,
  planId: undefined,
  createdFrom: undefined,
  createdTo: undefined,
};

/** `/app/promo-codes`: the promo-code series, filtered through the URL, paged on the server. */
export const PromoCodesPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [filters, update] = useUrlState(seriesParams, { replace: true });
  const list = usePromoSeriesList(filters);
  const [creating, setCreating] = useState(searchParams.get('create') === '1');
  useScreenCommands([{ id: 'promo.create', label: t('promoCodes.create.open'), run: () => setCreating(true) }]);

  // A new filter starts from its first page.
  const filter = (next: Partial<SeriesFilters>) => update({ page: 1, ...next });

  const createButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
      {t('promoCodes.create.open')}
    </Button>
  );

  return (
    <>
      <Flex justify="space-between" align="center" gap="middle" wrap className="promo-page-head">
        <PageTitle>{t('nav.promoCodes')}</PageTitle>
        {createButton}
      </Flex>
      <Card>
        <SeriesFiltersBar filters={filters} onChange={filter} onReset={() => filter(NO_FILTERS)} />
        <SeriesTable
          list={list}
          paging={filters}
          onPage={update}
          filtered={hasActiveFilters(filters)}
          createButton={createButton}
        />
      </Card>
      <CreateSeriesDrawer
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(series) => navigate(seriesPath(series.id))}
      />
    </>
  );
};
