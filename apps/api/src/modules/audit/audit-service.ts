import { AUDIT_EXPORT_MAX, type AuditEventEntry, type AuditFilters, type AuditListQuery } from '@pult/contract';
import { csvHeader, csvLine } from '../../lib/csv';
import type { ServiceContext } from '../../lib/service-context';
import { type AuditRow, auditRepository as repo } from './audit-repository';

const toAuditEvent = (row: AuditRow): AuditEventEntry => ({ ...row, at: row.at.toISOString() });

/** Rows per query while exporting: memory stays flat whatever the size. */
const EXPORT_BATCH = 1000;

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** Reading the audit log, newest first; the guard lets only admins this far. */
export const auditService = {
  /** One page more than asked tells whether there is a next one, without counting the rest. */
  list: async (ctx: ServiceContext, query: AuditListQuery) => {
    const rows = await repo.page(ctx.db, query, query.take + 1, query.cursor ? Number(query.cursor) : undefined);
    const items = rows.slice(0, query.take).map(toAuditEvent);
    const last = items[items.length - 1];
    return { items, nextCursor: rows.length > query.take && last ? String(last.id) : null };
  },

  /** The filtered events as CSV, streamed in keyset batches; the export itself is recorded. */
  async exportCsv(ctx: ServiceContext, filters: AuditFilters): Promise<AsyncGenerator<string>> {
    await ctx.audit({ action: 'export', entity: 'audit-event', after: { filters } });
    const db = ctx.db;
    return (async function* () {
      yield csvHeader(['id', 'at', 'actorId', 'actorEmail', 'action', 'entity', 'entityId', 'ip', 'before', 'after']);
      let beforeId: number | undefined;
      let sent = 0;
      while (sent < AUDIT_EXPORT_MAX) {
        const rows = await repo.page(db, filters, Math.min(EXPORT_BATCH, AUDIT_EXPORT_MAX - sent), beforeId);
        if (rows.length === 0) return;
        yield rows
          .map((row) =>
            csvLine([
              row.id,
              row.at.toISOString(),
              row.actorId,
              row.actorEmail,
              row.action,
              row.entity,
              row.entityId,
              row.ip,
              json(row.before),
              json(row.after),
            ]),
          )
          .join('');
        sent += rows.length;
        beforeId = rows[rows.length - 1]?.id;
      }
    })();
  },
};
