import type { Reminder } from '@pult/contract';
import type { ReminderRow } from './reminders-repository';

export const toReminder = (row: ReminderRow): Reminder => ({
  id: row.id,
  title: row.title,
  body: row.body,
  type: row.type,
  category: row.category,
  userIds: row.userIds ?? null,
  deeplink: row.deeplink,
  scheduledAt: row.scheduledAt.toISOString(),
  localTime: row.localTime,
  timeZone: row.timeZone,
  status: row.status,
  targeted: row.targeted,
  skipped: row.skipped,
  sent: row.sent,
  failed: row.failed,
  opened: row.opened,
  startedAt: row.startedAt?.toISOString() ?? null,
  finishedAt: row.finishedAt?.toISOString() ?? null,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  ab: row.ab ?? null,
});
