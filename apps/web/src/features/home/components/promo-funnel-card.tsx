import type { DashboardData } from '@pult/contract';
import { Card, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LocaleId } from '../../../config/theme-config';
import { formatNumber } from '../../../lib/format';
import { FigureLink } from './figure-link';
import type { PeopleSelection } from './people-selection';

type Row = DashboardData['promo']['funnel'][number];

interface Props {
  data: DashboardData;
  /** Opens the people behind a figure of the funnel (a series' column, a refusal code). */
  onOpen: (selection: PeopleSelection) => void;
  /** The element of each figure by its selection, to give it back the focus when the drawer closes. */
  openRef: (selection: PeopleSelection) => (node: HTMLButtonElement | null) => void;
}

/**
 * Per series: generated → activated → still subscribed after the promo ran out; refusals as an abuse
 * signal. Every figure but «generated» (codes nobody holds yet) opens its people.
 */
export const PromoFunnelCard = ({ data, onOpen, openRef }: Props) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const n = (value: number) => formatNumber(value, locale);
  const figure = (row: Row, column: 'activated' | 'inPeriod' | 'retained', value: number) => {
    const selection: PeopleSelection = {
      figure: column === 'activated' ? 'promoActivated' : column === 'inPeriod' ? 'promoActivations' : 'promoRetained',
      seriesId: row.seriesId,
      label: row.name,
    };
    return (
      <FigureLink
        name={t('home.promo.figure', { column: t(`home.promo.${column}`), series: row.name })}
        value={n(value)}
        onOpen={() => onOpen(selection)}
        openRef={openRef(selection)}
      />
    );
  };
  return (
    <Card size="small" title={t('home.promo.title')} data-testid="promo-funnel">
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
          {
            key: 'activated',
            title: t('home.promo.activated'),
            align: 'right',
            render: (_, row) => figure(row, 'activated', row.activated),
          },
          {
            key: 'inPeriod',
            title: t('home.promo.inPeriod'),
            align: 'right',
            render: (_, row) => figure(row, 'inPeriod', row.activatedInPeriod),
          },
          {
            key: 'retained',
            title: t('home.promo.retained'),
            align: 'right',
            render: (_, row) => figure(row, 'retained', row.retained),
          },
        ]}
      />
      {data.promo.refusedByReason.length > 0 ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('home.promo.refusals')}{' '}
          {data.promo.refusedByReason.map((r) => {
            const reason = t(`apiErrors.${r.reason}`, { defaultValue: r.reason });
            const selection: PeopleSelection = { figure: 'promoRefused', reason: r.reason, label: reason };
            return (
              <Tag key={r.reason} className="refusal-tag">
                {reason}:{' '}
                <FigureLink
                  name={t('home.promo.refusedFigure', { reason })}
                  value={n(r.count)}
                  onOpen={() => onOpen(selection)}
                  openRef={openRef(selection)}
                />
              </Tag>
            );
          })}
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
};
