import { type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { rebuildCohorts } from '../modules/dashboard/cohort-rollup';
import { addDays, dayOf, startOfDay } from '../modules/dashboard/moscow-day';
import { dailyFigures, lastSeenFigures, retainedFigures } from '../modules/dashboard/rollup-sql';
import { markFresh } from '../modules/dashboard/rollups';

/** A piece of work for any connection of a set (seed-parallel.ts), and what to tally it under. */
export interface Job {
  label: string;
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
 * Every rollup from scratch, as `rebuildRollups` (modules/dashboard/rollups.ts) makes them, but cut into
 * statements that run on several connections at once: the daily figures per range of Moscow months
 * (cut at Moscow midnights, so no day is counted twice) beside the MRR movements, the cohort grid and
 * the last-seen figures; then the MRR day sums, the retained snapshot and the freshness marks in one
 * transaction. For
 * the parallel seed only: until that last transaction the rollups are partial, as the database is.
 */
export async function rebuildRollupsInParallel(
  main: pg.ClientBase,
  onConnections: (jobs: readonly Job[]) => Promise<void>,
  now: Date,
): Promise<void> {
  const today = dayOf(now);
  await inTransaction(main, async (db) => {
    for (const table of ['dashboard_last_seen', 'dashboard_daily', 'mrr_dirty_owners', 'mrr_movements', 'mrr_daily'])
      await db.execute(sql.raw(`DELETE FROM ${table}`));
    await db.execute(sql`DELETE FROM dashboard_rollup_days WHERE day < ${today}::date`);
  });
  const [span] = (
    await main.query<{ first: string | null }>(
      `SELECT to_char(pult_day(min(created_at)), 'YYYY-MM-DD') AS first FROM users`,
    )
  ).rows;
  const statement = (label: string, query: SQL): Job => ({ label, run: (client) => dbOf(client).execute(query) });
  const jobs: Job[] = [
    statement('last seen', sql`INSERT INTO dashboard_last_seen (day, shard, users) ${lastSeenFigures()}`),
    { label: 'cohorts', run: (client) => inTransaction(client, (db) => rebuildCohorts(db, now)) },
  ];
  // Moscow months from the first registration to the month after today; the first range takes all
  // before, the last all after (subscriptions end years ahead).
  const bounds: (Date | null)[] = [null];
  if (span?.first) {
    for (let day = monthStart(span.first, 0); day <= monthStart(today, 1); day = monthStart(day, MONTHS_PER_RANGE))
      bounds.push(startOfDay(day));
  }
  bounds.push(null);
  for (let i = 1; i < bounds.length; i++) {
    const range = dailyFigures(bounds[i - 1] ?? null, bounds[i] ?? null);
    jobs.push(statement('daily', sql`INSERT INTO dashboard_daily (metric, day, dim, value) ${range}`));
  }
  // The MRR movements in one statement: cut into owner ranges (`WHERE user_id BETWEEN …`), each range
  // read every counted subscription again (8 ranges: 223.6 connection-seconds on 1 M users, the whole
  // 180.1 s at a like load; decision 0054), and an owner array is not hashed inside the function.
  jobs.push(
    statement(
      'mrr movements',
      sql`INSERT INTO mrr_movements (user_id, day, kind, amount, plan_id) SELECT * FROM pult_mrr_movements(NULL)`,
    ),
  );
  // The biggest first: the MRR ranges and the cohort grid, then the daily ranges.
  const order = ['mrr movements', 'cohorts', 'daily', 'last seen'];
  await onConnections(jobs.sort((a, b) => order.indexOf(a.label) - order.indexOf(b.label)));
  await inTransaction(main, async (db) => {
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
