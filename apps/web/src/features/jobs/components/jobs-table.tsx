import { ReloadOutlined } from '@ant-design/icons';
import type { Job, JobsSummary } from '@pult/contract';
import { Alert, Button, Empty, Flex, Progress, Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LocaleId } from '../../../config/theme-config';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { kindName, subjectName } from '../lib/job-names';
import { subjectPath } from '../lib/job-subject';
import { JobActions } from './job-actions';
import { JobStateTag } from './job-state-tag';

interface Props {
  list: {
    data?: { items: Job[] };
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    isPlaceholderData: boolean;
    refetch: () => unknown;
  };
  /** Attempts per kind, for «3 из 5». */
  kinds: JobsSummary['kinds'] | undefined;
}

/** One page of jobs: what, on what, how far, how many tries, what went wrong, when; and what to do about it. */
export const JobsTable = ({ list, kinds }: Props) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const n = (value: number) => formatNumber(value, locale);
  const maxAttempts = (kind: string) => kinds?.find((entry) => entry.kind === kind)?.maxAttempts ?? null;

  const columns: TableColumnsType<Job> = [
    {
      key: 'kind',
      title: t('jobs.columns.job'),
      render: (_, job) => {
        const path = subjectPath(job.kind, job.subjectId);
        const subject = subjectName(t, job.kind, job.subjectId);
        return (
          <Flex vertical>
            <span className="jobs-kind-name">{kindName(t, job.kind)}</span>
            <span>
              <span className="jobs-secondary">№{job.id}</span>
              {' · '}
              {path ? <Link to={path}>{subject}</Link> : <span className="jobs-secondary">{subject}</span>}
            </span>
          </Flex>
        );
      },
    },
    {
      key: 'state',
      title: t('jobs.columns.state'),
      width: 125,
      render: (_, job) => {
        const max = maxAttempts(job.kind);
        return (
          <Flex vertical align="start" gap={2}>
            <JobStateTag status={job.status} />
            <Typography.Text type="secondary" className="jobs-attempts">
              {max === null
                ? t('jobs.attemptsOnly', { attempts: n(job.attempts) })
                : t('jobs.attempts', { attempts: n(job.attempts), max: n(max) })}
            </Typography.Text>
          </Flex>
        );
      },
    },
    {
      key: 'progress',
      title: t('jobs.columns.progress'),
      width: 120,
      render: (_, job) =>
        job.progress ? (
          <Flex vertical gap={0}>
            <Progress
              percent={job.progress.total > 0 ? Math.floor((job.progress.done / job.progress.total) * 100) : 100}
              size="small"
              showInfo={false}
              status={job.status === 'failed' ? 'exception' : job.status === 'running' ? 'active' : 'normal'}
              aria-label={t('jobs.progress', { done: n(job.progress.done), total: n(job.progress.total) })}
            />
            <Typography.Text type="secondary" className="jobs-progress-text">
              {t('jobs.progress', { done: n(job.progress.done), total: n(job.progress.total) })}
            </Typography.Text>
          </Flex>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'lastError',
      title: t('jobs.columns.lastError'),
      width: 210,
      render: (_, job) =>
        job.lastError ? (
          <Typography.Paragraph
            className="jobs-error"
            ellipsis={{ rows: 2, tooltip: job.lastError }}
            type={job.status === 'failed' ? 'danger' : 'secondary'}
          >
            {job.lastError}
          </Typography.Paragraph>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'times',
      title: t('jobs.columns.times'),
      width: 165,
      render: (_, job) => (
        <Flex vertical className="jobs-times">
          <span>{t('jobs.runAt', { date: formatDateTime(job.runAt, locale) })}</span>
          <span className="jobs-secondary">{t('jobs.updatedAt', { date: formatDateTime(job.updatedAt, locale) })}</span>
        </Flex>
      ),
    },
    { key: 'actions', title: t('jobs.columns.actions'), width: 130, render: (_, job) => <JobActions job={job} /> },
  ];

  return (
    <Flex vertical gap="middle">
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('jobs.list.failed')}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
              {t('errors.retry')}
            </Button>
          }
        />
      ) : null}
      {list.isError && !list.data ? null : (
        <Table<Job>
          rowKey="id"
          size="small"
          className="jobs-table"
          columns={columns}
          dataSource={list.isPending ? [] : list.data?.items}
          pagination={false}
          // Fits a 1280 px screen beside the menu; on a phone the table scrolls inside itself.
          scroll={{ x: 900 }}
          // Dimmed only while the previous page stands in: the regular refresh does not blink.
          loading={list.isFetching && list.isPlaceholderData}
          locale={{
            emptyText: list.isPending ? (
              <Skeleton active title={false} paragraph={{ rows: 5 }} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('jobs.list.empty')} />
            ),
          }}
        />
      )}
    </Flex>
  );
};
