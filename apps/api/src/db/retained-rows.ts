import type { RetentionSettings } from '@pult/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from './client';
import { CLEANUP_BATCH } from './expired-rows';

/** The audit log's sign-in records: what "sign-in records" means in the retention settings. */
export const SIGN_IN_ACTIONS = ['signin', 'signin-failed', 'signout'] as const;

/** `now` less whole calendar months, in the database's arithmetic (31 March − 1 month = 28/29 February). */
const monthsBefore = (now: Date, months: number) => sql`(${now}::timestamptz - make_interval(months => ${months}))`;

const deleted = async (db: Db, statement: SQL) =>
  (
    await queryRows<{ n: number }>(db, sql`WITH gone AS (${statement} RETURNING 1) SELECT count(*)::int AS n FROM gone`)
  )[0]?.n ?? 0;

/**
 * Deletes rows older than the retention settings keep, at most `limit` per table per call (one
 * statement each, by primary key, SKIP LOCKED), so a purge far behind is many short transactions,
 * never one long lock. Rows whose period is null are kept.
 *
 * - Push deliveries: of pushes that finished (sent, failed or canceled) before the cutoff, reminder by
 *   reminder through the deliveries' (reminder, …) index. A push keeps its own counters (targeted,
 *   sent, failed, opened), which the push list and the dashboard read, so neither changes.
 * - Sign-in records: the audit log's sign-ins and sign-outs before the cutoff.
 * - Audit events (off unless set): every event before the cutoff.
 * - Revisions (off unless set): the records' history before the cutoff, except each record's latest
 *   revision, whatever its age: it holds the record's state that the next change is diffed against and
 *   a restore brings back (docs/decisions/0047).
 */
export async function deleteRetainedRows(
  db: Db,
  now: Date,
  periods: RetentionSettings,
  limit = CLEANUP_BATCH,
): Promise<Record<string, number>> {
  // Each statement picks its ids by an index, then deletes them by primary key (`= ANY(ARRAY(…))`,
  // so the delete itself never becomes a join that scans the table).
  const figures: Record<string, number> = {};
  if (periods.pushDeliveriesMonths !== null) {
    const cutoff = monthsBefore(now, periods.pushDeliveriesMonths);
    figures.pushDeliveries = await deleted(
      db,
      sql`DELETE FROM push_deliveries WHERE id = ANY(ARRAY(
            SELECT d.id FROM reminders r
            CROSS JOIN LATERAL (
              SELECT id FROM push_deliveries WHERE reminder_id = r.id LIMIT ${limit} FOR UPDATE SKIP LOCKED) d
            WHERE r.status IN ('sent', 'failed', 'canceled') AND coalesce(r.finished_at, r.scheduled_at) < ${cutoff}
            LIMIT ${limit}))`,
    );
  }
  // Audit ids grow with time: the newest id before the cutoff (one step down the time index) bounds
  // the id range a batch reads, so a run with nothing left to delete reads nothing either.
  const lastIdBefore = (cutoff: SQL) =>
    sql`(SELECT id FROM audit_events WHERE at < ${cutoff} ORDER BY at DESC LIMIT 1)`;
  if (periods.signInsMonths !== null) {
    const cutoff = monthsBefore(now, periods.signInsMonths);
    const actions = sql.join(
      SIGN_IN_ACTIONS.map((action) => sql`${action}`),
      sql`, `,
    );
    figures.signIns = await deleted(
      db,
      sql`DELETE FROM audit_events WHERE id = ANY(ARRAY(
            SELECT id FROM audit_events
            WHERE action IN (${actions}) AND id <= ${lastIdBefore(cutoff)} AND at < ${cutoff}
            ORDER BY action, id LIMIT ${limit} FOR UPDATE SKIP LOCKED))`,
    );
  }
  if (periods.auditMonths !== null) {
    const cutoff = monthsBefore(now, periods.auditMonths);
    figures.auditEvents = await deleted(
      db,
      sql`DELETE FROM audit_events WHERE id = ANY(ARRAY(
            SELECT id FROM audit_events WHERE id <= ${lastIdBefore(cutoff)} AND at < ${cutoff}
            ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED))`,
    );
  }
  if (periods.revisionsMonths !== null) {
    const cutoff = monthsBefore(now, periods.revisionsMonths);
    // Only superseded revisions are candidates (their partial index, oldest first), so a history of
    // records changed once long ago costs nothing to pass over; the newer revision is checked again.
    figures.revisions = await deleted(
      db,
      sql`DELETE FROM record_revisions WHERE id = ANY(ARRAY(
            SELECT r.id FROM record_revisions r
            WHERE r.superseded AND r.at < ${cutoff}
              AND EXISTS (SELECT 1 FROM record_revisions n
                          WHERE n.resource = r.resource AND n.record_id = r.record_id AND n.id > r.id)
            ORDER BY r.at LIMIT ${limit} FOR UPDATE SKIP LOCKED))`,
    );
  }
  return figures;
}
