import { LeftOutlined, ReloadOutlined, RightOutlined } from '@ant-design/icons';
import { type JobStatus, jobStatuses } from '@pult/contract';
import { Button, Card, Flex, Segmented, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import type { LocaleId } from '../../../config/theme-config';
import { formatNumber } from '../../../lib/format';
import { useUrlState } from '../../../lib/use-url-state';
import { useJobs, useJobsSummary } from '../api/jobs-queries';
import { JobsOverview } from '../components/jobs-overview';
import { JobsTable } from '../components/jobs-table';
import { kindName } from '../lib/job-names';
import { jobsParams, toJobsQuery } from '../lib/jobs-params';
import '../components/jobs.css';

/**
 * `/app/jobs` (admins): background work by kind and state with its counts and the queue's limits, the
 * jobs of one state (failed first) in keyset pages, each with its progress and a link to its subject,
 * retry and cancel. State, kind and page live in the URL; the screen refreshes itself while open.
 */
export const JobsPage = () => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const [search, update] = useUrlState(jobsParams);
  const summary = useJobsSummary();
  const list = useJobs(toJobsQuery(search));
  const kinds = summary.data?.kinds;
  const count = (state: JobStatus) =>
    (kinds ?? [])
      .filter((entry) => !search.kind || entry.kind === search.kind)
      .reduce((sum, entry) => sum + entry.counts[state], 0);
  // A new state or kind starts from the first page.
  const pick = (change: { state?: JobStatus; kind?: string | undefined }) => update({ ...change, pages: [] });
  const nextCursor = list.data?.nextCursor ?? null;
  const page = search.pages.length + 1;

  return (
    <>
      <Flex justify="space-between" align="center" gap="middle" wrap>
        <PageTitle>{t('nav.jobs')}</PageTitle>
        <Button
          icon={<ReloadOutlined />}
          loading={list.isFetching && !list.isPending}
          onClick={() => {
            void summary.refetch();
            void list.refetch();
          }}
        >
          {t('jobs.refresh')}
        </Button>
      </Flex>
      <Flex vertical gap="middle">
        <JobsOverview summary={summary} onPick={(kind, state) => pick({ kind, state })} />
        <Card>
          <Flex gap="middle" wrap align="center" className="jobs-filters">
            <Segmented<JobStatus>
              aria-label={t('jobs.filters.state')}
              value={search.state}
              onChange={(state) => pick({ state })}
              options={jobStatuses.map((state) => ({
                value: state,
                label: kinds
                  ? `${t(`jobs.states.${state}`)} (${formatNumber(count(state), locale)})`
                  : t(`jobs.states.${state}`),
              }))}
            />
            <Select<string>
              allowClear
              className="jobs-kind-filter"
              style={{ minWidth: 240 }}
              aria-label={t('jobs.filters.kind')}
              placeholder={t('jobs.filters.anyKind')}
              value={search.kind}
              onChange={(kind) => pick({ kind })}
              options={(kinds ?? []).map((entry) => ({ value: entry.kind, label: kindName(t, entry.kind) }))}
            />
          </Flex>
          <JobsTable list={list} kinds={kinds} />
          <Flex justify="space-between" align="center" gap="small" wrap className="jobs-pager">
            <Typography.Text type="secondary">
              {kinds ? t('jobs.list.total', { total: formatNumber(count(search.state), locale) }) : null}
            </Typography.Text>
            <Flex gap="small" align="center" role="navigation" aria-label={t('jobs.list.pages')}>
              <Typography.Text>{t('jobs.list.page', { page })}</Typography.Text>
              <Button
                icon={<LeftOutlined />}
                disabled={page === 1}
                onClick={() => update({ pages: search.pages.slice(0, -1) })}
              >
                {t('jobs.list.previous')}
              </Button>
              <Button
                icon={<RightOutlined />}
                iconPlacement="end"
                disabled={nextCursor === null || list.isPlaceholderData}
                onClick={() => nextCursor !== null && update({ pages: [...search.pages, nextCursor] })}
              >
                {t('jobs.list.next')}
              </Button>
            </Flex>
          </Flex>
        </Card>
      </Flex>
    </>
  );
};
