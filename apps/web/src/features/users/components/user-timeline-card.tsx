import type { TimelineEntry, TimelineKind } from '@pult/contract';
import { timelineKinds } from '@pult/contract';
import { Card, Empty, Pagination, Select, Skeleton, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { timelineTone, toneDotColor } from '../../../config/status-colors';
import type { LocaleId } from '../../../config/theme-config';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useUserTimeline } from '../api/get-user-timeline';

const TAKE = 20;

/**
 * Where an entry leads: the object it is about, in the screen that lists it, filtered by the user's
 * e-mail (those lists' «Пользователь» field, which shows it).
 */
function linkOf(entry: TimelineEntry, email: string): string | null {
  const user = new URLSearchParams({ user: email });
  switch (entry.entity) {
    case 'subscription':
      return `/app/subscriptions/items?${user}`;
    case 'transaction':
      return `/app/transactions?${user}`;
    case 'promo-series':
      return entry.entityId ? `/app/promo-codes/${entry.entityId}` : null;
    default:
      return null;
  }
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

const EntryText = ({ entry, email }: { entry: TimelineEntry; email: string }) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const d = entry.details;
  let summary = '';
  if (entry.kind === 'transaction')
    summary = `${formatMoney(Number(d.amount ?? 0), locale, text(d.currency) || 'RUB')} · ${t(
      `users.timeline.txKinds.${text(d.kind)}`,
      { defaultValue: text(d.kind) },
    )} · ${t(`users.timeline.txStatuses.${text(d.status)}`, { defaultValue: text(d.status) })}`;
  else if (entry.kind === 'subscription')
    summary = `${text(d.planTitle)} · ${t(`users.subscriptions.sources.${text(d.source)}`)}`;
  else if (entry.event === 'promo-activated') summary = `${text(d.code)} · ${text(d.seriesName)}`;
  else if (entry.event === 'promo-refused')
    summary = t(`apiErrors.${text(d.reason)}`, { defaultValue: text(d.reason) });
  else if (entry.kind === 'push') summary = text(d.title);
  else if (entry.kind === 'agreement') summary = `${text(d.title)} · v${text(d.version)}`;
  const link = linkOf(entry, email);
  const title = t(`users.timeline.events.${entry.event}`, { defaultValue: entry.event });
  return (
    <>
      <Typography.Text type="secondary">{formatDateTime(entry.at, locale)}</Typography.Text>{' '}
      <Tag>{t(`users.timeline.kinds.${entry.kind}`)}</Tag>
      {link ? <Link to={link}>{title}</Link> : <Typography.Text strong>{title}</Typography.Text>}
      {summary ? <Typography.Text> — {summary}</Typography.Text> : null}
      {entry.actor ? (
        <Typography.Text type="secondary"> ({t('users.timeline.by', { email: entry.actor.email })})</Typography.Text>
      ) : null}
    </>
  );
};

/** Everything that happened to the user, newest first, paged on the server and filterable by kind. */
export const UserTimelineCard = ({ userId, email }: { userId: number; email: string }) => {
  const { t } = useTranslation();
  const [kinds, setKinds] = useState<TimelineKind[]>([]);
  const [page, setPage] = useState(1);
  const query = useUserTimeline(userId, page, TAKE, kinds);
  return (
    <Card
      className="user-card"
      title={t('users.timeline.title')}
      extra={
        <Select<TimelineKind[]>
          mode="multiple"
          allowClear
          size="small"
          style={{ minWidth: 180, maxWidth: '100%' }}
          placeholder={t('users.timeline.allKinds')}
          aria-label={t('users.timeline.filter')}
          value={kinds}
          onChange={(value) => {
            setKinds(value);
            setPage(1);
          }}
          options={timelineKinds.map((kind) => ({ value: kind, label: t(`users.timeline.kinds.${kind}`) }))}
        />
      }
    >
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : query.isError ? (
        <Typography.Text type="danger">{t('users.timeline.loadError')}</Typography.Text>
      ) : query.data.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('users.timeline.empty')} />
      ) : (
        <>
          <Timeline
            data-testid="user-timeline"
            items={query.data.items.map((entry) => ({
              key: entry.key,
              // The mark says how it went (a failed payment red, a staff edit grey); the tag says what it is.
              color: toneDotColor(timelineTone(entry)),
              children: <EntryText entry={entry} email={email} />,
            }))}
          />
          <Pagination
            size="small"
            align="end"
            current={page}
            pageSize={TAKE}
            total={query.data.count}
            showSizeChanger={false}
            onChange={setPage}
          />
        </>
      )}
    </Card>
  );
};
