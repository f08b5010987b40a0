import type { AuditEventEntry } from '@pult/contract';
import type { ServiceContext } from '../../lib/service-context';
import { type AuditRow, auditRepository as repo } from './audit-repository';

const toAuditEvent = (row: AuditRow): AuditEventEntry => ({ ...row, at: row.at.toISOString() });

/** Reading the audit log, newest first; the guard lets only admins this far. */
export const auditService = {
  list: async (ctx: ServiceContext, take: number, page: number) => {
    const [rows, count] = await Promise.all([repo.page(ctx.db, take, page), repo.count(ctx.db)]);
    return { items: rows.map(toAuditEvent), count };
  },
};
