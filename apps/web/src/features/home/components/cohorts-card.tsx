import { ReloadOutlined } from '@ant-design/icons';
import { type CohortCell, type CohortGrouping, type CohortRow, cohortGroupings } from '@pult/contract';
import {
  Alert,
  Button,
  Card,
  Empty,
  Flex,
  Segmented,
  Skeleton,
  Table,
  type TableColumnsType,
  Typography,
  theme,
} from 'antd';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../../../config/theme-config';
import { describeError } from '../../../lib/describe-error';
import { dateTimeFormat, formatDateTime, formatMoney, formatNumber, numberFormat } from '../../../lib/format';
import { useCohorts } from '../api/get-cohorts';

const AGES = Array.from({ length: 12 }, (_, i) => i + 1);

/** A cell's background: the primary colour mixed in up to 55 % by the share; the number is always written. */
const shade = (primary: string, share: number) =>
  `color-mix(in srgb, ${primary} ${Math.round(share * 55)}%, transparent)`;

/**
 * «Когорты»: the share of each cohort still subscribed after 1…12 months, its size and realised LTV
 * (docs/decisions/0046), by month of the first payment or by promo series (`?cohorts=promoSeries`).
 * The definition is printed under the title, as the API's schema states it.
 */
export const CohortsCard = ({ by, onByChange }: { by: CohortGrouping; onByChange(by: CohortGrouping): void }) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const { token } = theme.useToken();
  const query = useCohorts(by);
  const data = query.data;
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

  const columns: TableColumnsType<CohortRow> = [
    {
      key: 'cohort',
      title: t('home.cohorts.cohort'),
      fixed: 'left',
      render: (_, row) => (by === 'month' ? monthLabel(row.key) : row.label),
    },
    {
      key: 'size',
      title: t('home.cohorts.size'),
      align: 'right',
      render: (_, row) => formatNumber(row.size, locale),
    },
    {
      key: 'ltv',
      title: t('home.cohorts.ltv'),
      align: 'right',
      render: (_, row) => <span data-testid={`cohort-ltv-${row.key}`}>{money(row.ltv)}</span>,
    },
    ...AGES.map((age) => ({
      key: `m${age}`,
      title: t('home.cohorts.age', { age }),
      align: 'center' as const,
      onHeaderCell: () => ({ className: 'cohort-th' }),
      onCell: () => ({ className: 'cohort-td' }),
      render: (_: unknown, row: CohortRow) => cell(row, row.cells[age - 1], age),
    })),
  ];

  return (
    <Card size="small" title={t('home.cohorts.title')} data-testid="cohorts">
      <div className="cohort-switch">
        <Segmented<CohortGrouping>
          size="small"
          aria-label={t('home.cohorts.groupBy')}
          value={by}
          onChange={onByChange}
          options={cohortGroupings.map((value) => ({ value, label: t(`home.cohorts.by.${value}`) }))}
        />
      </div>
      <Typography.Paragraph type="secondary" className="cohort-definition" data-testid="cohorts-definition">
        {t('home.cohorts.definition')}
      </Typography.Paragraph>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          message={t('home.cohorts.loadError')}
          description={describeError(query.error, t)}
          action={
            <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
              {t('home.retry')}
            </Button>
          }
        />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : data.items.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={data.asOf ? t(`home.cohorts.empty.${by}`) : t('home.cohorts.notBuilt')}
        />
      ) : (
        <Flex vertical gap={8}>
          <div className="cohort-grid">
            <Table<CohortRow>
              rowKey="key"
              size="small"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={data.items}
              columns={columns}
              loading={query.isFetching && query.isPlaceholderData}
            />
          </div>
          <Typography.Text type="secondary" data-testid="cohorts-freshness">
            {data.asOf ? t('home.cohorts.freshAt', { at: formatDateTime(data.asOf, locale) }) : null}
          </Typography.Text>
        </Flex>
      )}
    </Card>
  );
};
