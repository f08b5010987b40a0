import type { Device, Reminder } from '@pult/contract';
import type { DeviceRow, ReminderRow } from './push-repository';

export const toReminder = (row: ReminderRow): Reminder => ({
  id: row.id,
  title: row.title,
  body: row.body,
  type: row.type,
  userIds: row.userIds ?? null,
  deeplink: row.deeplink,
  scheduledAt: row.scheduledAt.toISOString(),
  localTime: row.localTime,
  timeZone: row.timeZone,
  status: row.status,
  targeted: row.targeted,
  sent: row.sent,
  failed: row.failed,
  opened: row.opened,
  startedAt: row.startedAt?.toISOString() ?? null,
  finishedAt: row.finishedAt?.toISOString() ?? null,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
});

export const toDevice = (row: DeviceRow): Device => ({
  id: row.id,
  platform: row.platform,
  timeZone: row.timeZone,
  locale: row.locale,
  appVersion: row.appVersion,
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
  lastSeenAt: row.lastSeenAt.toISOString(),
});
