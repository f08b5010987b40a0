import type { TimelineEntry, TimelineKind } from '@pult/contract';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import type { ServiceContext } from '../../lib/service-context';
import { timelineSources } from './timeline-sources';

interface EntryRow {
  key: string;
  kind: TimelineKind;
  event: string;
  at: Date | string;
  entity: string | null;
  entity_id: string | null;
  actor_id: number | null;
  actor_email: string | null;
  details: Record<string, unknown>;
}

/**
 * A user's timeline: every source's newest `page × take` events (each an index range on the
 * user), merged and cut to the page, so a page costs the same for ten events or ten thousand.
 */
export const timelineService = {
  page: async (ctx: ServiceContext, userId: number, query: { take: number; page: number; kind?: TimelineKind[] }) => {
    const [user] = await queryRows<{ id: number }>(ctx.db, sql`SELECT id FROM users WHERE id = ${userId}`);
    if (!user) throw notFound('USER_NOT_FOUND', 'User not found');
    const now = ctx.clock.now();
    const sources = timelineSources.filter((source) => !query.kind?.length || query.kind.includes(source.kind));
    if (sources.length === 0) return { items: [], count: 0 };
    const offset = (query.page - 1) * query.take;
    const limit = offset + query.take;
    const newest = sql.join(
      sources.map((source) => sql`(SELECT * FROM (${source.select(userId, now)}) s ORDER BY 4 DESC LIMIT ${limit})`),
      sql` UNION ALL `,
    );
    const counts = sql.join(
      sources.map((source) => sql`(SELECT count(*) FROM (${source.select(userId, now)}) s)`),
      sql` + `,
    );
    const [rows, total] = await Promise.all([
      queryRows<EntryRow>(
        ctx.db,
        sql`SELECT e.key, e.kind, e.event, e.at, e.entity, e.entity_id, e.actor_id, a.email AS actor_email, e.details
            FROM (${newest}) AS e(key, kind, event, at, entity, entity_id, actor_id, details)
            LEFT JOIN users a ON a.id = e.actor_id
            ORDER BY e.at DESC, e.key DESC LIMIT ${query.take} OFFSET ${offset}`,
      ),
      queryRows<{ n: number }>(ctx.db, sql`SELECT (${counts})::int AS n`),
    ]);
    const items: TimelineEntry[] = rows.map((row) => ({
      key: row.key,
      kind: row.kind,
      event: row.event,
      at: new Date(row.at).toISOString(),
      entity: row.entity,
      entityId: row.entity_id,
      actor: row.actor_id !== null && row.actor_email !== null ? { id: row.actor_id, email: row.actor_email } : null,
      details: row.details,
    }));
    return { items, count: total[0]?.n ?? 0 };
  },
};
