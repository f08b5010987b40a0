import type { PromoSeries, PromoSeriesPage } from '@pult/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Flex, type TableColumnsType, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PagedTable, type Paging } from '../../../components/paged-table';
import type { LocaleId } from '../../../config/theme-config';
import { Duration } from '../../../lib/duration';
import { formatDate } from '../../../lib/format';
import { codeShape } from '../lib/progress';
import { GenerationState } from './generation-state';
import { SeriesPeriod } from './series-period';
import { SeriesStatusSwitch } from './series-status-switch';

interface Props {
  list: UseQueryResult<PromoSeriesPage>;
  paging: Paging;
  onPage: (next: Paging) => void;
  /** Some filter is set: an empty answer means "nothing matches", not "none yet". */
  filtered: boolean;
  /** What an empty, unfiltered list offers: making the first series. */
  createButton: ReactNode;
}

export const seriesPath = (id: number) => `/app/promo-codes/${id}`;

export const SeriesTable = ({ list, paging, onPage, filtered, createButton }: Props) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;

  const columns: TableColumnsType<PromoSeries> = [
    {
      key: 'name',
      title: t('promoCodes.fields.name'),
      render: (_, series) => (
        <Flex vertical gap={4}>
          <Link to={seriesPath(series.id)} className="promo-series-link">
            {series.name}
          </Link>
          <Typography.Text type="secondary" className="promo-code-shape">
            {codeShape(series.prefix, series.codeLength)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'plan',
      title: t('promoCodes.fields.plan'),
      render: (_, series) => (
        <Flex vertical gap={4}>
          <span>{series.planTitle}</span>
          <Typography.Text type="secondary">
            <Duration days={series.durationDays} period={series.planPeriod} />
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'period',
      title: t('promoCodes.fields.period'),
      render: (_, series) => <SeriesPeriod startsAt={series.startsAt} endsAt={series.endsAt} />,
    },
    {
      key: 'codes',
      title: t('promoCodes.fields.codes'),
      width: 240,
      render: (_, series) => <GenerationState series={series} />,
    },
    {
      key: 'status',
      title: t('promoCodes.fields.status'),
      render: (_, series) => <SeriesStatusSwitch series={series} />,
    },
    {
      key: 'createdAt',
      title: t('promoCodes.fields.createdAt'),
      render: (_, series) => <span className="promo-nowrap">{formatDate(series.createdAt, locale)}</span>,
    },
  ];

  return (
    <PagedTable<PromoSeries>
      listKey="promo-series"
      columns={columns}
      scroll={{ x: 900 }}
      rowClassName={(series) => (series.generationStatus === 'failed' ? 'promo-row-failed' : '')}
      list={list}
      paging={paging}
      onPage={onPage}
      total={(total) => t('promoCodes.list.total', { count: list.data?.count ?? 0, total })}
      empty={
        filtered
          ? { text: t('promoCodes.list.nothingFound') }
          : { text: t('promoCodes.list.empty'), extra: createButton }
      }
      errorTitle={t('promoCodes.list.loadFailed')}
    />
  );
};
