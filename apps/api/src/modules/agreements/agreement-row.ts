import type { Agreement, ConsentRecord } from '@pult/contract';
import type { agreementConsents, agreements } from '../../db/schema';

export type AgreementRow = typeof agreements.$inferSelect;
export type ConsentRow = typeof agreementConsents.$inferSelect;

export const toAgreement = (row: AgreementRow): Agreement => ({
  id: row.id,
  type: row.type,
  version: row.version,
  title: row.title,
  content: row.content,
  contentHash: row.contentHash,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
});

export const toConsent = (
  consent: ConsentRow,
  agreement: Pick<AgreementRow, 'type' | 'version' | 'title'>,
): ConsentRecord => ({
  id: consent.id,
  userId: consent.userId,
  agreementId: consent.agreementId,
  type: agreement.type,
  version: agreement.version,
  title: agreement.title,
  contentHash: consent.contentHash,
  acceptedAt: consent.acceptedAt.toISOString(),
  ip: consent.ip,
  userAgent: consent.userAgent,
  appVersion: consent.appVersion,
});
