import type { Device } from '@pult/contract';
import type { DeviceRow } from './devices-repository';

export const toDevice = (row: DeviceRow): Device => ({
  id: row.id,
  platform: row.platform,
  provider: row.provider,
  timeZone: row.timeZone,
  locale: row.locale,
  appVersion: row.appVersion,
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
  lastSeenAt: row.lastSeenAt.toISOString(),
});
