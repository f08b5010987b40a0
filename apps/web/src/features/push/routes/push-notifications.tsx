import { PlusOutlined } from '@ant-design/icons';
import { type Reminder, reminderSortFields, reminderStatuses, reminderTypes } from '@pult/contract';
import { Button, Card, DatePicker, Flex, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/ltr';
import { PageTitle } from '../../../components/page-title';
import { PagedTable } from '../../../components/paged-table';
import type { LocaleId } from '../../../config/theme-config';
import { useDayRange } from '../../../lib/day-range';
import { formatNumber } from '../../../lib/format';
import { useScreenCommands } from '../../../lib/screen-commands';
import { useUrlState } from '../../../lib/use-url-state';
import { useReminders } from '../api/reminders';
import { CreateReminderDrawer } from '../components/create-reminder-drawer';
import { ReminderDetailDrawer } from '../components/reminder-detail-drawer';
import { ReminderStatusTag } from '../components/reminder-status-tag';
import { openRate } from '../lib/open-rate';
import { type ReminderFilters, type ReminderSort, reminderParams } from '../lib/reminder-filters';
import { useSchedulingZone } from '../lib/use-scheduling-zone';
import '../components/push-notifications.css';

/** `/app/push-notifications`: pushes within a range (kept in the URL), their statistics, and new ones. */
export const PushNotificationsPage = () => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const scheduling = useSchedulingZone();
  const [filters, update] = useUrlState(reminderParams, { replace: true });
  const range = useDayRange(filters.from, filters.to);
  const list = useReminders(filters, scheduling.zone);
  const [creating, setCreating] = useState(false);
  const shown = filters.reminder;
  const setShown = (reminder: number | undefined) => update({ reminder });
  useScreenCommands([{ id: 'push.create', label: t('push.create.open'), run: () => setCreating(true) }]);
  const filter = (next: Partial<ReminderFilters>) => update({ page: 1, ...next });
  const n = (value: number) => formatNumber(value, locale);

  const createButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
      {t('push.create.open')}
    </Button>
  );

  return (
    <>
      <Flex justify="space-between" align="center" gap="middle" wrap>
        <PageTitle>{t('nav.pushNotifications')}</PageTitle>
        {createButton}
      </Flex>
      <Card>
        <Flex gap="small" wrap style={{ marginBottom: 16 }}>
          <DatePicker.RangePicker
            aria-label={t('push.filters.range')}
            value={range}
            onChange={(range) =>
              filter({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })
            }
            allowEmpty={[true, true]}
          />
          <Select
            allowClear
            style={{ minWidth: 180 }}
            placeholder={t('push.fields.audience')}
            aria-label={t('push.fields.audience')}
            value={filters.type}
            onChange={(type) => filter({ type })}
            options={reminderTypes.map((value) => ({ value, label: t(`push.type.${value}`) }))}
          />
          <Select
            allowClear
            style={{ minWidth: 160 }}
            placeholder={t('push.fields.status')}
            aria-label={t('push.fields.status')}
            value={filters.status}
            onChange={(status) => filter({ status })}
            options={reminderStatuses.map((value) => ({ value, label: t(`push.status.${value}`) }))}
          />
        </Flex>
        <PagedTable<Reminder, ReminderSort>
          listKey="push-notifications"
          // The latest first by default; a new order starts from the first page.
          sort={{ value: filters.sort, fields: reminderSortFields, onChange: (sort) => update({ sort, page: 1 }) }}
          list={list}
          paging={filters}
          onPage={update}
          rowKey="id"
          scroll={{ x: 900 }}
          errorTitle={t('push.list.failed')}
          empty={{ text: t('push.list.empty'), extra: createButton }}
          total={(total) => t('push.list.total', { total })}
          onRow={(row) => ({ onClick: () => setShown(row.id), style: { cursor: 'pointer' } })}
          columns={[
            {
              key: 'title',
              title: t('push.fields.title'),
              render: (_, row) => (
                <Flex vertical align="start">
                  {/* The row opens on a click; the title is the same action for the keyboard. */}
                  <Button
                    type="link"
                    className="link-button"
                    onClick={(event) => {
                      event.stopPropagation();
                      setShown(row.id);
                    }}
                  >
                    <strong>{row.title}</strong>
                  </Button>
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: 320 }}>
                    {row.body}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              key: 'scheduledAt',
              title: t('push.fields.scheduledAt'),
              render: (_, row) => scheduling.format(row.scheduledAt, row.timeZone),
            },
            { key: 'type', title: t('push.fields.audience'), render: (_, row) => t(`push.type.${row.type}`) },
            {
              key: 'status',
              title: t('push.fields.status'),
              render: (_, row) => <ReminderStatusTag status={row.status} />,
            },
            {
              key: 'stats',
              title: t('push.list.stats'),
              // Isolated left to right: on an RTL page the four numbers would otherwise come out reversed.
              render: (_, row) => (
                <Ltr>{`${n(row.targeted)} / ${n(row.sent)} / ${n(row.failed)} / ${n(row.opened)}`}</Ltr>
              ),
            },
            {
              key: 'openRate',
              title: t('push.list.openRate'),
              render: (_, row) => <Ltr>{openRate(row, locale)}</Ltr>,
            },
          ]}
        />
      </Card>
      <CreateReminderDrawer open={creating} onClose={() => setCreating(false)} onCreated={(r) => setShown(r.id)} />
      <ReminderDetailDrawer id={shown} onClose={() => setShown(undefined)} />
    </>
  );
};
