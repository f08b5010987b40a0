import type { PromoSeries, PromoSeriesPage } from '@pult/contract';
import { Empty, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LocaleId } from '../../../config/theme-config';
import { formatCount, formatDate } from '../../../lib/format';
import { codeShape } from '../lib/progress';
import { TAKE_OPTIONS } from '../lib/series-filters';
import { GenerationState } from './generation-state';
import { SeriesPeriod } from './series-period';
import { SeriesStatusSwitch } from './series-status-switch';

interface Props {
  data: PromoSeriesPage | undefined;
  loading: boolean;
  page: number;
  take: number;
  onPage: (page: number, take: number) => void;
}

export const seriesPath = (id: number) => `/app/promo-codes/${id}`;

export const SeriesTable = ({ data, loading, page, take, onPage }: Props) => {
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
          <Typography.Text type="secondary">{t('promoCodes.days', { count: series.durationDays })}</Typography.Text>
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
    <Table<PromoSeries>
      rowKey="id"
      columns={columns}
      dataSource={data?.items}
      loading={loading}
      scroll={{ x: 900 }}
      pagination={{
        current: page,
        pageSize: take,
        total: data?.count ?? 0,
        pageSizeOptions: TAKE_OPTIONS,
        showSizeChanger: true,
        showTotal: (total) =>
          t('promoCodes.list.total', {
            count: total,
            total: formatCount(total, data?.countIsEstimate ?? false, locale),
          }),
        onChange: onPage,
      }}
      rowClassName={(series) => (series.generationStatus === 'failed' ? 'promo-row-failed' : '')}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('promoCodes.list.nothingFound')} />,
      }}
    />
  );
};
