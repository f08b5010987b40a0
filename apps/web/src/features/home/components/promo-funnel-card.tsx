import type { DashboardData } from '@pult/contract';
import { Card, Tag, Typography } from 'antd';
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
  // The columns after the series' name (literal keys, so the keys-in-code test checks each).
  const figureTitles = [
    t('home.promo.generated'),
    t('home.promo.activated'),
    t('home.promo.inPeriod'),
    t('home.promo.retained'),
  ];
  return (
    <Card size="small" title={t('home.promo.title')} data-testid="promo-funnel">
      {/* A plain table in antd's small look (home.css), not antd's Table: no column measuring when it is drawn. */}
      <div className="home-table-scroll">
        <table className="home-table">
          <thead>
            <tr>
              <th scope="col" className="home-align-start">
                {t('home.promo.series')}
              </th>
              {figureTitles.map((title) => (
                <th key={title} scope="col" className="home-align-end">
                  {title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.promo.funnel.length === 0 ? (
              <tr>
                <td colSpan={figureTitles.length + 1} className="home-table-empty">
                  {t('home.promo.empty')}
                </td>
              </tr>
            ) : (
              data.promo.funnel.map((row) => (
                <tr key={row.seriesId} data-row-key={row.seriesId}>
                  <td className="home-align-start">
                    <Link to={`/app/promo-codes/${row.seriesId}`}>{row.name}</Link>
                  </td>
                  <td className="home-align-end">{n(row.generated)}</td>
                  <td className="home-align-end">{figure(row, 'activated', row.activated)}</td>
                  <td className="home-align-end">{figure(row, 'inPeriod', row.activatedInPeriod)}</td>
                  <td className="home-align-end">{figure(row, 'retained', row.retained)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
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
