import { ReloadOutlined } from '@ant-design/icons';
import type { CohortGrouping } from '@pult/contract';
import { Alert, Button, Card, Empty, Flex, Segmented, Skeleton, Typography } from 'antd';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../../../config/theme-config';
import { describeError } from '../../../lib/describe-error';
import { formatDateTime } from '../../../lib/format';
import { useCohorts } from '../api/get-cohorts';
import { cohortGroupings } from '../contract-values';
import { CohortGrid } from './cohort-grid';
import { Later } from './later';

const GridSkeleton = () => <Skeleton active paragraph={{ rows: 6 }} />;

/**
 * «Когорты»: the share of each cohort still subscribed after 1…12 months, its size and realised LTV
 * (docs/decisions/0046), by month of the first payment or by promo series (`?cohorts=promoSeries`).
 * The definition is printed under the title, as the API's schema states it.
 */
export const CohortsCard = ({
  by,
  onByChange,
  ready = true,
}: {
  by: CohortGrouping;
  onByChange(by: CohortGrouping): void;
  /** False holds the grid back (the figures in view, drawn from the dashboard's answer, come first). */
  ready?: boolean;
}) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const query = useCohorts(by);
  // Drawn in a background pass (rendered in slices), not in one long task when the answer arrives.
  const data = useDeferredValue(query.data);

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
        <GridSkeleton />
      ) : data.items.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={data.asOf ? t(`home.cohorts.empty.${by}`) : t('home.cohorts.notBuilt')}
        />
      ) : (
        // The grid (antd's Table) below the fold: drawn in its turn after the figures in view (components/later.tsx).
        <Later ready={ready} placeholder={<GridSkeleton />}>
          <Flex vertical gap={8}>
            <div className="cohort-grid">
              <CohortGrid by={by} items={data.items} loading={query.isFetching && query.isPlaceholderData} />
            </div>
            <Typography.Text type="secondary" data-testid="cohorts-freshness">
              {data.asOf ? t('home.cohorts.freshAt', { at: formatDateTime(data.asOf, locale) }) : null}
            </Typography.Text>
          </Flex>
        </Later>
      )}
    </Card>
  );
};
