import {
  AUDIT_EXPORT_MAX,
  type AuditEventEntry,
  type AuditExportColumn,
  type AuditExportQuery,
  type AuditListQuery,
  auditActionName,
  auditEntityName,
  auditExportColumnName,
} from '@pult/contract';
import { csvHeader, csvLine } from '../../lib/csv';
import type { ServiceContext } from '../../lib/service-context';
import { type AuditRow, auditRepository as repo } from './audit-repository';

const toAuditEvent = (row: AuditRow): AuditEventEntry => ({ ...row, at: row.at.toISOString() });

/** Rows per query while exporting: memory stays flat whatever the size. */
const EXPORT_BATCH = 1000;

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

const EXPORT_COLUMNS: readonly AuditExportColumn[] = [
  'id',
  'at',
  'actorId',
  'actorEmail',
  'action',
  'entity',
  'entityId',
  'ip',
  'before',
  'after',
];

/** Reading the audit log, newest first; the guard lets only admins this far. */
export const auditService = {
  /** One page more than asked tells whether there is a next one, without counting the rest. */
  list: async (ctx: ServiceContext, query: AuditListQuery) => {
    const rows = await repo.page(ctx.db, query, query.take + 1, query.cursor ? Number(query.cursor) : undefined);
    const items = rows.slice(0, query.take).map(toAuditEvent);
    const last = items[items.length - 1];
    return { items, nextCursor: rows.length > query.take && last ? String(last.id) : null };
  },

  /**
   * The filtered events as CSV, streamed in keyset batches, for people: the header, actions and entities
   * in `lang`, as the viewer shows them. The export itself is recorded.
   */
  async exportCsv(ctx: ServiceContext, query: AuditExportQuery): Promise<AsyncGenerator<string>> {
    const { lang, ...filters } = query;
    await ctx.audit({ action: 'export', entity: 'audit-event', after: { filters } });
    const db = ctx.db;
    const row = (event: AuditRow): Record<AuditExportColumn, string | number | null> => ({
      id: event.id,
      at: event.at.toISOString(),
      actorId: event.actorId,
      actorEmail: event.actorEmail,
      action: auditActionName(event.action, lang),
      entity: auditEntityName(event.entity, lang),
      entityId: event.entityId,
      ip: event.ip,
      before: json(event.before),
      after: json(event.after),
    });
    return (async function* () {
      yield csvHeader(EXPORT_COLUMNS.map((column) => auditExportColumnName(column, lang)));
      let beforeId: number | undefined;
      let sent = 0;
      while (sent < AUDIT_EXPORT_MAX) {
        const rows = await repo.page(db, filters, Math.min(EXPORT_BATCH, AUDIT_EXPORT_MAX - sent), beforeId);
        if (rows.length === 0) return;
        yield rows
          .map((event) => {
            const cells = row(event);
            return csvLine(EXPORT_COLUMNS.map((column) => cells[column]));
          })
          .join('');
        sent += rows.length;
        beforeId = rows[rows.length - 1]?.id;
      }
    })();
  },
};
