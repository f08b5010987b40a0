import type { FailedSignIns } from '@pult/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';

/**
 * The refused sign-ins of an account since its last successful one (issue 31: «a staff member is told
 * of failed attempts on their account since their last sign-in»), read from the audit log's
 * `signin-failed` rows before the new sign-in's own row is written. Null when there were none.
 * Both lookups walk the (entity, entity_id, id) index backwards from the newest row.
 */
export async function failedSignInsSinceLast(db: Db, userId: number): Promise<FailedSignIns | null> {
  const id = String(userId);
  const [row] = await queryRows<{ n: number | string; last_at: Date | string | null; last_ip: string | null }>(
    db,
    sql`WITH previous AS (
          SELECT coalesce(max(id), 0) AS id FROM audit_events
          WHERE entity = 'user' AND entity_id = ${id} AND action = 'signin'
        ), failed AS (
          SELECT a.id, a.at, host(a.ip) AS ip FROM audit_events a, previous
          WHERE a.entity = 'user' AND a.entity_id = ${id} AND a.action = 'signin-failed' AND a.id > previous.id
        )
        SELECT count(*)::int AS n,
               (SELECT at FROM failed ORDER BY id DESC LIMIT 1) AS last_at,
               (SELECT ip FROM failed ORDER BY id DESC LIMIT 1) AS last_ip
        FROM failed`,
  );
  const count = Number(row?.n ?? 0);
  if (count === 0 || !row?.last_at) return null;
  return { count, lastAt: new Date(row.last_at).toISOString(), lastIp: row.last_ip };
}
