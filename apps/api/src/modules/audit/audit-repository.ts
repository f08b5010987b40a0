import type { AuditFilters } from '@pult/contract';
import { and, desc, eq, gte, ilike, lt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEvents, users } from '../../db/schema';
import { containsPattern } from '../../lib/sql-search';

export type AuditRow = typeof auditEvents.$inferSelect & { actorEmail: string | null };

/**
 * The WHERE of the viewer and the export (over audit_events joined to the actor): each filter is an
 * equality or a range an index serves, but the actor's e-mail, a substring the users' trigram index finds.
 */
export function auditConditions(filters: AuditFilters, beforeId?: number): SQL | undefined {
  return and(
    filters.actorId !== undefined ? eq(auditEvents.actorId, filters.actorId) : undefined,
    filters.actorEmail !== undefined ? ilike(users.email, containsPattern(filters.actorEmail)) : undefined,
    filters.entity !== undefined ? eq(auditEvents.entity, filters.entity) : undefined,
    filters.entityId !== undefined ? eq(auditEvents.entityId, filters.entityId) : undefined,
    filters.action !== undefined ? eq(auditEvents.action, filters.action) : undefined,
    filters.requestId !== undefined ? eq(auditEvents.requestId, filters.requestId) : undefined,
    filters.from !== undefined ? gte(auditEvents.at, new Date(filters.from)) : undefined,
    filters.to !== undefined ? lte(auditEvents.at, new Date(filters.to)) : undefined,
    beforeId !== undefined ? lt(auditEvents.id, beforeId) : undefined,
  );
}

/** The SQL of the audit log; writing it is the audit plugin's part. */
export const auditRepository = {
  /** Newest first, keyset on id: a page costs the same on the first and the millionth row. */
  page: async (db: Db, filters: AuditFilters, take: number, beforeId?: number): Promise<AuditRow[]> => {
    const rows = await db
      .select({ event: auditEvents, actorEmail: users.email })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorId))
      .where(auditConditions(filters, beforeId))
      .orderBy(desc(auditEvents.id))
      .limit(take);
    return rows.map((row) => ({ ...row.event, actorEmail: row.actorEmail }));
  },
};
