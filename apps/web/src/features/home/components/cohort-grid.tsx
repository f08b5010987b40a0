import type { CohortCell, CohortGrouping, CohortRow } from '@pult/contract';
import { theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../../../config/theme-config';
import { dateTimeFormat, formatMoney, formatNumber, numberFormat } from '../../../lib/format';

const AGES = Array.from({ length: 12 }, (_, i) => i + 1);

/** A cell's background: the primary colour mixed in up to 55 % by the share; the number is always written. */
const shade = (primary: string, share: number) =>
  `color-mix(in srgb, ${primary} ${Math.round(share * 55)}%, transparent)`;

/** The cohorts' grid: each cohort's size, realised LTV and the share still subscribed after 1…12 months. */
export const CohortGrid = ({ by, items, loading }: { by: CohortGrouping; items: CohortRow[]; loading: boolean }) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const { token } = theme.useToken();
  const percent = (share: number) =>
    numberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(share);
  const money = (kopecks: number) => formatMoney(Math.round(kopecks), locale);
  const monthLabel = (key: string) =>
    dateTimeFormat(i18n.language, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${key}-01T00:00:00Z`),
    );

  const cell = (row: CohortRow, c: CohortCell | undefined, age: number) => {
    if (!c || c.share === null)
      return (
        <span className="cohort-cell cohort-cell-empty" title={t('home.cohorts.notYet', { age })}>
          <span aria-hidden="true">—</span>
          <span className="sr-only">{t('home.cohorts.notYet', { age })}</span>
        </span>
      );
    const hint = t('home.cohorts.cellHint', {
      retained: formatNumber(c.retained, locale),
      eligible: formatNumber(c.eligible, locale),
      age,
      ltv: money(c.ltv ?? 0),
    });
    return (
      <span
        className="cohort-cell"
        data-testid={`cohort-cell-${row.key}-${age}`}
        title={hint}
        style={{ background: shade(token.colorPrimary, c.share) }}
      >
        {percent(c.share)}
      </span>
    );
  };

  const columns: Array<{
    key: string;
    title: string;
    align: 'start' | 'end' | 'center';
    className?: string;
    render: (row: CohortRow) => ReactNode;
  }> = [
    {
      key: 'cohort',
      title: t('home.cohorts.cohort'),
      align: 'start',
      className: 'cohort-name',
      render: (row) => (by === 'month' ? monthLabel(row.key) : row.label),
    },
    { key: 'size', title: t('home.cohorts.size'), align: 'end', render: (row) => formatNumber(row.size, locale) },
    {
      key: 'ltv',
      title: t('home.cohorts.ltv'),
      align: 'end',
      render: (row) => <span data-testid={`cohort-ltv-${row.key}`}>{money(row.ltv)}</span>,
    },
    ...AGES.map((age) => ({
      key: `m${age}`,
      title: t('home.cohorts.age', { age }),
      align: 'center' as const,
      className: 'cohort-age',
      render: (row: CohortRow) => cell(row, row.cells[age - 1], age),
    })),
  ];

  const cellClass = (column: (typeof columns)[number]) =>
    `home-align-${column.align}${column.className ? ` ${column.className}` : ''}`;

  // A plain table in antd's small look (home.css), not antd's Table: drawn in one short pass with no column
  // measuring (rc-table measured every column, then drew the grid again, in one of the load's longest tasks,
  // issue 37). The first column stays in place while the grid scrolls sideways inside its own box.
  return (
    <div className={`home-table-scroll${loading ? ' home-table-busy' : ''}`} aria-busy={loading}>
      <table className="home-table cohort-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={cellClass(column)}>
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((row) => (
            <tr key={row.key} data-row-key={row.key}>
              {columns.map((column) => (
                <td key={column.key} className={cellClass(column)}>
                  {column.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};
