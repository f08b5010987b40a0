import { type JobStatus, type JobsSummary, jobStatuses } from '@pult/contract';
import { Alert, Button, Flex, Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { languageOf } from '../../../config/languages';
import type { LocaleId } from '../../../config/theme-config';
import { formatNumber, numberFormat } from '../../../lib/format';
import { kindName } from '../lib/job-names';

type KindSummary = JobsSummary['kinds'][number];

/** A wait in the reader's words: «10 с», «1 ч». */
const waitText = (ms: number, locale: LocaleId) => {
  const [value, unit] =
    ms >= 3_600_000 ? [ms / 3_600_000, 'hour'] : ms >= 60_000 ? [ms / 60_000, 'minute'] : [ms / 1000, 'second'];
  return numberFormat(languageOf(locale).lang, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
};

interface Props {
  summary: { data?: JobsSummary; isError: boolean };
  /** Opens the list on one kind's jobs in one state. */
  onPick: (kind: string, state: JobStatus) => void;
}

/** The queue at a glance: each kind's jobs counted by state (a count opens them), its attempts, the back-off. */
export const JobsOverview = ({ summary, onPick }: Props) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  if (summary.isError && !summary.data) return <Alert type="warning" showIcon title={t('jobs.overview.loadFailed')} />;
  if (!summary.data) return <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  const { kinds, backoff } = summary.data;

  const columns: TableColumnsType<KindSummary> = [
    { key: 'kind', title: t('jobs.columns.job'), render: (_, entry) => kindName(t, entry.kind) },
    ...jobStatuses.map((state) => ({
      key: state,
      title: t(`jobs.states.${state}`),
      align: 'end' as const,
      render: (_: unknown, entry: KindSummary) => {
        const count = entry.counts[state];
        return (
          <Button
            type="link"
            size="small"
            danger={state === 'failed' && count > 0}
            aria-label={t('jobs.overview.open', {
              kind: kindName(t, entry.kind),
              state: t(`jobs.states.${state}`),
              count: formatNumber(count, locale),
            })}
            onClick={() => onPick(entry.kind, state)}
          >
            {formatNumber(count, locale)}
          </Button>
        );
      },
    })),
    {
      key: 'maxAttempts',
      title: t('jobs.overview.attemptsColumn'),
      align: 'end' as const,
      render: (_, entry) =>
        entry.maxAttempts === null ? (
          <Typography.Text type="secondary">{t('jobs.overview.unknownKind')}</Typography.Text>
        ) : (
          formatNumber(entry.maxAttempts, locale)
        ),
    },
  ];

  return (
    <Flex vertical gap="small">
      <Table<KindSummary>
        rowKey="kind"
        size="small"
        className="jobs-overview"
        columns={columns}
        dataSource={kinds}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <Typography.Text type="secondary">
        {t('jobs.overview.backoff', {
          first: waitText(backoff.baseMs, locale),
          cap: waitText(backoff.capMs, locale),
          jitter: Math.round(backoff.jitter * 100),
        })}{' '}
        {t('jobs.overview.failedHint')}
      </Typography.Text>
    </Flex>
  );
};
