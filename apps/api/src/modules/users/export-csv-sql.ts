import type { UserFilter } from '@pult/contract';
import { type SQL, sql } from 'drizzle-orm';
import { csvLabelCell, csvLineSql, csvLocalTimeCell, csvNumberCell, csvTextCell } from '../../lib/csv-sql';
import type { ExportTexts } from './export-csv-texts';
import { userConditions } from './user-filters';

/** How the file speaks: the words of one language, the times on the clocks of one zone. */
export interface ExportFormat {
  texts: ExportTexts;
  /** IANA name: the settings' default time zone. */
  timeZone: string;
}

/**
 * How each user's current subscription is found, both from `subscriptions_owner_latest_idx` (migration
 * 0023), whose first entry per owner is the current one. `lateral`: one probe per user (right for a
 * filter that keeps few users; 6.0–6.7 s of database time for a million). `merge`: one walk of the
 * whole index in owner order, merged with the users in id order (3.8–4.3 s for a million: right for a
 * large export).
 */
export type RegisterJoin = 'lateral' | 'merge';

/**
 * «Export selected»: the chosen ids written into the statement (COPY takes no parameters). They are
 * integers checked here again, so nothing but digits and commas reaches the SQL.
 */
function chosenIds(ids: readonly number[] | undefined): SQL | undefined {
  if (!ids) return undefined;
  if (!ids.every((id) => Number.isSafeInteger(id))) throw new Error('export ids must be integers');
  return ids.length === 0 ? sql`false` : sql`users.id IN (${sql.raw(ids.join(','))})`;
}

/**
 * Each user's CSV line, made by the database: the user's columns and their current subscription (the
 * one that ends last, ties to the newest, as `selectUsersWithRegister` picks it), "expired" read from
 * the clock as `effectiveStatus` does; roles and statuses in the staff member's words, times on the
 * settings' clocks (`format`). One column per user, `line` (text, CRLF-ended), for COPY;
 * paged by keyset (`after`), also its `id`.
 */
export function exportLinesSql(
  where: UserFilter,
  now: Date,
  join: RegisterJoin,
  format: ExportFormat,
  after?: { id: number; limit: number },
  ids?: readonly number[],
): SQL {
  const { texts, timeZone } = format;
  const condition = userConditions(where, now);
  const conditions = [condition, chosenIds(ids), after ? sql`users.id > ${after.id}` : undefined].filter(
    (part): part is SQL => part !== undefined,
  );
  const status = sql`CASE WHEN s.status = 'active' AND s.expires_at <= ${now.toISOString()}::timestamptz
    THEN 'expired' ELSE s.status END`;
  const line = csvLineSql([
    csvNumberCell(sql`users.id`),
    csvTextCell(sql`users.email`),
    csvTextCell(sql`users.phone_number`),
    csvTextCell(sql`users.first_name`),
    csvTextCell(sql`users.last_name`),
    csvLabelCell(sql`users.role`, texts.role),
    csvLabelCell(sql`users.status`, texts.status),
    csvLocalTimeCell(sql`users.created_at`, timeZone),
    csvLocalTimeCell(sql`users.last_seen_at`, timeZone),
    csvTextCell(sql`p.title`),
    csvLabelCell(sql`cur.status`, texts.subscriptionStatus),
    csvLocalTimeCell(sql`cur.expires_at`, timeZone),
  ]);
  const current =
    join === 'lateral'
      ? sql`LEFT JOIN LATERAL (
          SELECT s.plan_id, s.expires_at, ${status} AS status
          FROM subscriptions s
          WHERE s.owner = users.id
          ORDER BY s.expires_at DESC NULLS FIRST, s.id DESC
          LIMIT 1
        ) cur ON true`
      : sql`LEFT JOIN (
          SELECT DISTINCT ON (s.owner) s.owner, s.plan_id, s.expires_at, ${status} AS status
          FROM subscriptions s
          ORDER BY s.owner, s.expires_at DESC NULLS FIRST, s.id DESC
        ) cur ON cur.owner = users.id`;
  return sql`SELECT ${after ? sql`users.id, ` : sql``}${line} AS line
    FROM users
    ${current}
    LEFT JOIN subscription_plans p ON p.id = cur.plan_id
    ${conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``}
    ORDER BY users.id
    ${after ? sql`LIMIT ${after.limit}` : sql``}`;
}
