import { type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { addDays, dayOf, startOfDay } from '../modules/dashboard/moscow-day';
import { dailyFigures, lastSeenFigures, retainedFigures } from '../modules/dashboard/rollup-sql';
import { markFresh } from '../modules/dashboard/rollups';

/** A piece of work for any connection of a set (seed-parallel.ts), and what to tally it under. */
export interface Job {
  label: string;
  /** Which piece of the label's work (a range), named with the slowest jobs in the tally's line. */
  part?: string;
  rows?: number;
  run: (client: pg.ClientBase) => Promise<unknown>;
}

export const dbOf = (client: pg.ClientBase) => drizzle(client as pg.PoolClient, { schema }) as unknown as Db;

const inTransaction = async (client: pg.ClientBase, work: (db: Db) => Promise<unknown>) => {
  await client.query('BEGIN');
  await work(dbOf(client));
  await client.query('COMMIT');
};

/** Months of the daily figures per statement: a dozen statements over the two years and what follows. */
const MONTHS_PER_RANGE = 2;

/** The first Moscow day of the month `months` after the month of `day`. */
function monthStart(day: string, months: number): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/**
 * Owner ranges of the cohort grid and of the MRR movements: each statement reads every row again (its
 * tables have no order by owner), but sorts and hashes only its range's, and the ranges keep every
 * connection busy to the end instead of two single statements of ten minutes at 10 M users.
 */
export const OWNER_RANGES = 6;

/** The tables the two functions read, and the column naming each row's user. */
const BY_OWNER = { subscriptions: 'owner', transactions: 'user_id', promo_codes: 'activated_by' } as const;

/**
 * Runs `work` on `client` with `subscriptions`, `transactions` and `promo_codes` seen through temporary
 * views of the owners in [from, to) (null: unbounded): the views, in the session's temporary schema,
 * come first in the search path, so `pult_cohort_cells()` and `pult_mrr_movements(NULL)`, whose SQL
 * names those tables unqualified, compute exactly their live definitions over that range's users. Both
 * functions' rows depend on one user's rows only (a movement is one customer's; a cohort cell sums
 * members, each one user, with their own subscriptions, payments and activations), so the ranges' rows
 * together are the whole: the movements are disjoint, the cells add up. The views go with the
 * transaction.
 */
async function overOwners(
  client: pg.ClientBase,
  [from, to]: readonly [number | null, number | null],
  work: () => Promise<unknown>,
): Promise<void> {
  await client.query('BEGIN');
  try {
    for (const [table, column] of Object.entries(BY_OWNER)) {
      const bounds = [from === null ? [] : [`${column} >= ${from}`], to === null ? [] : [`${column} < ${to}`]].flat();
      // An empty range as `false`, which the planner sees through without reading the table.
      const where = from !== null && to !== null && from >= to ? 'false' : bounds.join(' AND ') || 'true';
      await client.query(`CREATE TEMPORARY VIEW ${table} AS SELECT * FROM public.${table} WHERE ${where}`);
    }
    await work();
    for (const table of Object.keys(BY_OWNER)) await client.query(`DROP VIEW pg_temp.${table}`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

/**
 * Guards `overOwners`: over an empty range, both functions must return nothing. Were a function's
 * tables ever named with their schema, the views would not reach it and every range would compute the
 * whole, so the seed stops here instead.
 */
async function assertOwnerRangesReach(client: pg.ClientBase): Promise<void> {
  await overOwners(client, [0, 0], async () => {
    const [found] = (
      await client.query<{ cells: number; movements: number }>(
        `SELECT (SELECT count(*) FROM pult_cohort_cells())::int AS cells,
                (SELECT count(*) FROM pult_mrr_movements(NULL))::int AS movements`,
      )
    ).rows;
    if (found?.cells !== 0 || found.movements !== 0)
      throw new Error(
        'pult_cohort_cells() or pult_mrr_movements(NULL) does not read the tables through the search path: cannot cut them by owners',
      );
  });
}

/** An owner range as the tally names it. */
const ownersPart = ([from, to]: readonly [number | null, number | null]) => `users ${from ?? '…'}–${to ?? '…'}`;

/** `pult_cohort_cells()`'s columns in its order. */
const CELLS = 'kind, cohort, anchor_day, age, members, retained, revenue, revenue_rewritten';

/** `count` ranges of the ids from `first` to `last`, the first and last open-ended (staff, later users). */
export function ownerRanges(first: number, last: number, count: number): [number | null, number | null][] {
  const size = Math.max(1, Math.ceil((last - first + 1) / count));
  const cuts: number[] = [];
  for (let cut = first + size; cut <= last && cuts.length < count - 1; cut += size) cuts.push(cut);
  return [null, ...cuts].map((from, i) => [from, cuts[i] ?? null]);
}

/**
 * Every rollup from scratch, as `rebuildRollups` (modules/dashboard/rollups.ts) makes them, but cut into
 * statements that run on several connections at once: the daily figures per range of Moscow months
 * (cut at Moscow midnights, so no day is counted twice), the MRR movements and the cohort grid per
 * range of owners (`overOwners`; the grid's partial cells summed at the end), and the last-seen
 * figures; then the cells' sums, the MRR day sums, the retained snapshot and the freshness marks in one
 * transaction. For the parallel seed only: until that last transaction the rollups are partial, as the
 * database is.
 */
export async function rebuildRollupsInParallel(
  main: pg.ClientBase,
  onConnections: (jobs: readonly Job[]) => Promise<void>,
  now: Date,
  ranges = OWNER_RANGES,
): Promise<void> {
  const today = dayOf(now);
  await assertOwnerRangesReach(main);
  await inTransaction(main, async (db) => {
    for (const table of ['dashboard_last_seen', 'dashboard_daily', 'mrr_dirty_owners', 'mrr_movements', 'mrr_daily'])
      await db.execute(sql.raw(`DELETE FROM ${table}`));
    await db.execute(sql`DELETE FROM dashboard_rollup_days WHERE day < ${today}::date`);
    // The grid's cells per owner range, summed into cohort_cells at the end (the cells of a cohort,
    // anchor day and age come from several ranges).
    await db.execute(sql`DROP TABLE IF EXISTS seed_cohort_parts`);
    await db.execute(sql`CREATE UNLOGGED TABLE seed_cohort_parts AS SELECT * FROM cohort_cells WITH NO DATA`);
  });
  const [span] = (
    await main.query<{ first: string | null; low: number | null; high: number | null; stamp: string }>(
      `SELECT to_char(pult_day(min(created_at)), 'YYYY-MM-DD') AS first, min(id) AS low, max(id) AS high,
         clock_timestamp()::text AS stamp FROM users`,
    )
  ).rows;
  const statement = (label: string, query: SQL): Job => ({ label, run: (client) => dbOf(client).execute(query) });
  const owners = ownerRanges(span?.low ?? 1, span?.high ?? 1, ranges);
  let cohortSeconds = 0;
  const jobs: Job[] = [
    ...owners.map(
      (range): Job => ({
        label: 'cohorts',
        part: ownersPart(range),
        run: (client) =>
          overOwners(client, range, async () => {
            const started = performance.now();
            await client.query(`INSERT INTO seed_cohort_parts (${CELLS}) SELECT * FROM pult_cohort_cells()`);
            cohortSeconds += (performance.now() - started) / 1000;
          }),
      }),
    ),
    ...owners.map(
      (range): Job => ({
        label: 'mrr movements',
        part: ownersPart(range),
        run: (client) =>
          overOwners(client, range, () =>
            client.query(
              'INSERT INTO mrr_movements (user_id, day, kind, amount, plan_id) SELECT * FROM pult_mrr_movements(NULL)',
            ),
          ),
      }),
    ),
    statement('last seen', sql`INSERT INTO dashboard_last_seen (day, shard, users) ${lastSeenFigures()}`),
  ];
  // Moscow months from the first registration to the month after today; the first range takes all
  // before, the last all after (subscriptions end years ahead).
  const bounds: (Date | null)[] = [null];
  if (span?.first) {
    for (let day = monthStart(span.first, 0); day <= monthStart(today, 1); day = monthStart(day, MONTHS_PER_RANGE))
      bounds.push(startOfDay(day));
  }
  bounds.push(null);
  // The newest months first: they hold the most users, so the ranges left for the end are the small
  // early ones (the last daily range ran alone for about a minute at 10 M users when they went oldest first).
  for (let i = bounds.length - 1; i >= 1; i--) {
    const [from, to] = [bounds[i - 1] ?? null, bounds[i] ?? null];
    jobs.push({
      ...statement('daily', sql`INSERT INTO dashboard_daily (metric, day, dim, value) ${dailyFigures(from, to)}`),
      part: `${from ? dayOf(from) : '…'}–${to ? dayOf(to) : '…'}`,
    });
  }
  // The biggest first: the cohort and MRR ranges, then the daily ranges.
  const order = ['cohorts', 'mrr movements', 'daily', 'last seen'];
  await onConnections(jobs.sort((a, b) => order.indexOf(a.label) - order.indexOf(b.label)));
  await inTransaction(main, async (db) => {
    // The grid whole, and its freshness as `rebuildCohorts` (modules/dashboard/cohort-rollup.ts) stamps
    // it: the rows read are those committed when the ranges began; its duration is the ranges' sum, about
    // what the rollup job's one statement takes.
    await db.execute(sql`DELETE FROM cohort_cells`);
    await db.execute(sql`INSERT INTO cohort_cells (${sql.raw(CELLS)})
      SELECT kind, cohort, anchor_day, age, sum(members), sum(retained), sum(revenue), sum(revenue_rewritten)
      FROM seed_cohort_parts GROUP BY kind, cohort, anchor_day, age`);
    await db.execute(sql`DROP TABLE seed_cohort_parts`);
    await db.execute(sql`INSERT INTO dashboard_freshness (name, as_of, took_ms, rows_to)
      VALUES ('cohorts', ${now}::timestamptz, ${Math.round(cohortSeconds * 1000)}, ${span?.stamp ?? null}::timestamptz)
      ON CONFLICT (name) DO UPDATE SET as_of = excluded.as_of, took_ms = excluded.took_ms, rows_to = excluded.rows_to`);
    await db.execute(sql`INSERT INTO mrr_daily (day, kind, amount, customers)
      SELECT day, kind, sum(amount), count(*) FROM mrr_movements GROUP BY day, kind`);
    // The funnel's retained snapshot for the instant today began, as the rollup job takes it daily.
    await db.execute(
      sql`INSERT INTO dashboard_daily (metric, day, dim, value) ${retainedFigures(startOfDay(today), addDays(today, -1))}`,
    );
    await markFresh(db, 'mrr', now);
    // A new version of the freshness rows: the requests' cache of stored reads starts over.
    await db.execute(sql`UPDATE dashboard_freshness SET as_of = as_of`);
  });
}
