import type { AdvertisingCaps } from '@pult/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';
import { idList } from '../reminders/reminders-repository';

/** A person's latest advertising consent, granted or not (none: not granted), as an SQL expression of `user_id`. */
export const latestAdvertisingConsent = (userId: ReturnType<typeof sql>) =>
  sql`coalesce((SELECT c.granted FROM consents c WHERE c.user_id = ${userId} AND c.type = 'advertising'
        ORDER BY c.at DESC, c.id DESC LIMIT 1), false)`;

/**
 * The zone names the database knows, read once per process and database: `pg_timezone_names` reads the
 * zone files on every call (0.2 s at load 12), which made it a quarter of each advertising batch's cost.
 */
const knownZoneNames = new WeakMap<Db, Promise<string>>();
function zoneNamesOf(db: Db): Promise<string> {
  let names = knownZoneNames.get(db);
  if (!names) {
    names = queryRows<{ name: string }>(db, sql`SELECT name FROM pg_timezone_names`).then((rows) =>
      rows.map((row) => row.name).join(','),
    );
    names.catch(() => knownZoneNames.delete(db));
    knownZoneNames.set(db, names);
  }
  return names;
}

/**
 * Marks the claimed deliveries of an advertising push that must not go, set-based for the whole batch
 * (a handful of statements whatever its size, never one per device): the person's latest advertising
 * consent is not granted (`no_consent`), or they already got `caps.perDay` advertising pushes since
 * the start of their day (`cap_day`) or `caps.perWeek` since the start of their week, Monday
 * (`cap_week`), on their own clock: the zone of their most recently seen device that has one the
 * database knows, else the push's. Other pushes' sent deliveries count, this push's never (a person's
 * second phone still gets it). The rows and the push's counter change in one transaction; returns
 * the ids skipped, and the rest of the batch is sent.
 */
export async function skipUnwanted(
  db: Db,
  reminder: { id: number; timeZone: string },
  deliveryIds: number[],
  caps: AdvertisingCaps,
  now: Date,
): Promise<Set<number>> {
  if (deliveryIds.length === 0) return new Set();
  const capped = caps.perDay !== null || caps.perWeek !== null;
  const perDay = caps.perDay ?? 2_147_483_647;
  const perWeek = caps.perWeek ?? 2_147_483_647;
  // Zone names hold no comma: one text parameter, split in the statement (as idList does for ids).
  const zoneNames = capped ? await zoneNamesOf(db) : '';
  // Each step is one set-based pass over the previous step's rows (one per person, with their delivery
  // ids), never a join of two steps: the planner guesses 10 or 200 rows for a step and then loops one
  // over the other (finding the rows to skip by person looped 1,000 × 1,000: 0.55 s a batch). The zone
  // names are one parameter folded into a constant array, which PostgreSQL checks through a hash (a
  // joined list of names was scanned whole for each device, and before that a hash of the 1,200 names
  // was built for every person, twice). A batch of 1,000 on 1.3M devices: 0.8-1.9 s before, 84 ms now.
  const windows = capped
    ? sql`, zones AS MATERIALIZED (
          SELECT DISTINCT ON (b.user_id) b.user_id, b.ids, coalesce(d.time_zone, ${reminder.timeZone}) AS zone
          FROM batch b LEFT JOIN devices d ON d.user_id = b.user_id
            AND d.time_zone = ANY(string_to_array(${zoneNames}, ','))
          ORDER BY b.user_id, d.last_seen_at DESC NULLS LAST, d.id DESC),
        windows AS MATERIALIZED (
          SELECT z.user_id, z.ids,
            (date_trunc('day', ${now}::timestamptz AT TIME ZONE z.zone) AT TIME ZONE z.zone) AS day_start,
            (date_trunc('week', ${now}::timestamptz AT TIME ZONE z.zone) AT TIME ZONE z.zone) AS week_start
          FROM zones z)`
    : sql``;
  const counts = capped
    ? sql`windows b, LATERAL (SELECT
          count(DISTINCT p.reminder_id) FILTER (WHERE p.sent_at >= b.day_start) AS today,
          count(DISTINCT p.reminder_id) AS this_week
        FROM push_deliveries p JOIN reminders r ON r.id = p.reminder_id AND r.category = 'advertising'
        WHERE p.user_id = b.user_id AND p.state = 'sent' AND p.sent_at >= b.week_start
          AND p.reminder_id <> ${reminder.id}) n`
    : sql`batch b, LATERAL (SELECT 0 AS today, 0 AS this_week) n`;
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number; reason: string }>(
      tx,
      sql`WITH batch AS MATERIALIZED (SELECT user_id, array_agg(id) AS ids FROM push_deliveries
            WHERE id = ANY(${idList(deliveryIds)}) GROUP BY user_id)
          ${windows},
          people AS (
            SELECT b.ids, CASE
                WHEN NOT ${latestAdvertisingConsent(sql`b.user_id`)} THEN 'no_consent'
                WHEN n.today >= ${perDay} THEN 'cap_day'
                WHEN n.this_week >= ${perWeek} THEN 'cap_week' END AS reason
            FROM ${counts})
          UPDATE push_deliveries p SET state = 'skipped', skip_reason = s.reason
          FROM (SELECT unnest(ids) AS id, reason FROM people WHERE reason IS NOT NULL) s
          WHERE p.id = s.id AND p.state = 'claimed'
          RETURNING p.id, p.skip_reason AS reason`,
    );
    if (rows.length > 0)
      await tx.execute(
        sql`UPDATE reminders SET skipped = skipped + ${rows.length},
              status = CASE WHEN status = 'scheduled' THEN 'sending' ELSE status END,
              started_at = coalesce(started_at, ${now}) WHERE id = ${reminder.id}`,
      );
    return new Set(rows.map((row) => Number(row.id)));
  });
}
