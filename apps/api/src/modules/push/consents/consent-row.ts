import type { UserConsent } from '@pult/contract';
import type { ConsentRow } from './consents-repository';

export const toUserConsent = (row: ConsentRow): UserConsent => ({
  id: row.id,
  userId: row.userId,
  type: row.type,
  granted: row.granted,
  at: row.at.toISOString(),
  version: row.version,
  ip: row.ip,
  userAgent: row.userAgent,
  appVersion: row.appVersion,
});
