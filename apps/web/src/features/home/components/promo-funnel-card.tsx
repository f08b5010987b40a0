import type { DashboardData } from '@pult/contract';
import { Card, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LocaleId } from '../../../config/theme-config';
import { formatNumber } from '../../../lib/format';

type Row = DashboardData['promo']['funnel'][number];

/** Per series: generated → activated → still subscribed after the promo ran out; refusals as an abuse signal. */
export const PromoFunnelCard = ({ data }: { data: DashboardData }) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const n = (value: number) => formatNumber(value, locale);
  return (
    <Card size="small" title={t('home.promo.title')}>
      <Table<Row>
        rowKey="seriesId"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={data.promo.funnel}
        locale={{ emptyText: t('home.promo.empty') }}
        columns={[
          {
            key: 'name',
            title: t('home.promo.series'),
            render: (_, row) => <Link to={`/app/promo-codes/${row.seriesId}`}>{row.name}</Link>,
          },
          { key: 'generated', title: t('home.promo.generated'), align: 'right', render: (_, row) => n(row.generated) },
          { key: 'activated', title: t('home.promo.activated'), align: 'right', render: (_, row) => n(row.activated) },
          {
            key: 'inPeriod',
            title: t('home.promo.inPeriod'),
            align: 'right',
            render: (_, row) => n(row.activatedInPeriod),
          },
          { key: 'retained', title: t('home.promo.retained'), align: 'right', render: (_, row) => n(row.retained) },
        ]}
      />
      {data.promo.refusedByReason.length > 0 ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('home.promo.refusals')}{' '}
          {data.promo.refusedByReason.map((r) => (
            <Tag key={r.reason}>
              {t(`apiErrors.${r.reason}`, { defaultValue: r.reason })}: {n(r.count)}
            </Tag>
          ))}
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
};
