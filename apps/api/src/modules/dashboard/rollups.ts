import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { checkCohorts, rebuildCohorts } from './cohort-rollup';
import { addDays, dayOf, startOfDay } from './moscow-day';
import { checkMrrMovements, foldMrrMovements, rebuildMrrMovements } from './mrr-rollup';
import type { RollupDifference } from './rollup-difference';
import { dailyFigures, lastSeenFigures, retainedFigures } from './rollup-sql';

/** Dirty days recomputed per run at most, so a burst of back-dated writes spreads over a few runs. */
const DAYS_PER_RUN = 62;

const figuresOfDay = (day: string) => dailyFigures(startOfDay(day), startOfDay(addDays(day, 1)));

async function recomputeDay(tx: Db, day: string): Promise<void> {
  await tx.execute(sql`DELETE FROM dashboard_daily WHERE day = ${day}::date AND metric <> 'retained'`);
  await tx.execute(sql`INSERT INTO dashboard_daily (metric, day, dim, value) ${figuresOfDay(day)}`);
}

/**
 * Today's figures up to `now`, stored under today's day, and the instant they were counted to: a
 * request then counts live only the rows since (decision 0038). Replaced at every run, and yesterday's
 * (today's, once past midnight) recomputed whole by the next run.
 */
async function storeToday(tx: Db, now: Date): Promise<void> {
  const today = dayOf(now);
  await tx.execute(sql`DELETE FROM dashboard_daily WHERE day = ${today}::date AND metric <> 'retained'`);
  await tx.execute(sql`INSERT INTO dashboard_daily (metric, day, dim, value) ${dailyFigures(startOfDay(today), now)}`);
  await markFresh(tx, 'today', now);
}

export const markFresh = (tx: Db, name: 'today' | 'mrr', now: Date) =>
  tx.execute(sql`INSERT INTO dashboard_freshness (name, as_of) VALUES (${name}, ${now}::timestamptz)
    ON CONFLICT (name) DO UPDATE SET as_of = excluded.as_of`);

/**
 * A new version of the freshness rows without a new instant: the stored rollups changed outside a run
 * (a repair, a rebuild), so the requests' cache of stored reads (`stored-cache.ts`) starts over.
 */
const touchFreshness = (tx: Db) => tx.execute(sql`UPDATE dashboard_freshness SET as_of = as_of`);

/** The funnel's "retained" snapshot, taken once a day for the instant today began. */
async function snapshotRetained(tx: Db, today: string): Promise<number> {
  const day = addDays(today, -1);
  const [taken] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM dashboard_daily WHERE metric = 'retained' AND day = ${day}::date AND dim = ''`,
  );
  if ((taken?.n ?? 0) > 0) return 0;
  await tx.execute(sql`DELETE FROM dashboard_daily WHERE metric = 'retained' AND day < ${day}::date`);
  await tx.execute(
    sql`INSERT INTO dashboard_daily (metric, day, dim, value) ${retainedFigures(startOfDay(today), day)}`,
  );
  return 1;
}

/**
 * How long into a day the job still recomputes yesterday at every run, marked or not: a write of
 * yesterday's last moments committed after midnight, or racing a run, lands in it a run later. Past
 * this, yesterday is a past day like any other, recomputed when a write marks it, so that a run no
 * longer counts a whole day again every 30 s (half of its cost on 1 M users, issue 35 item 6).
 */
export const YESTERDAY_ALWAYS_MS = 60 * 60_000;

/**
 * One run of the rollup job (docs/decisions/0016): recompute every past day a write marked, and
 * yesterday during the first hour of today (`YESTERDAY_ALWAYS_MS`). Today and later days stay marked
 * until they are past (today is counted live).
 */
export async function refreshRollups(tx: Db, now: Date): Promise<Record<string, number>> {
  const today = dayOf(now);
  const marked = await queryRows<{ day: string }>(
    tx,
    sql`DELETE FROM dashboard_rollup_days WHERE day IN (
          SELECT day FROM dashboard_rollup_days WHERE day < ${today}::date ORDER BY day DESC LIMIT ${DAYS_PER_RUN})
        RETURNING to_char(day, 'YYYY-MM-DD') AS day`,
  );
  const early = now.getTime() - startOfDay(today).getTime() < YESTERDAY_ALWAYS_MS;
  const days = new Set([...marked.map((row) => row.day), ...(early ? [addDays(today, -1)] : [])]);
  for (const day of days) await recomputeDay(tx, day);
  const retained = await snapshotRetained(tx, today);
  const mrrOwners = await foldMrrMovements(tx);
  await markFresh(tx, 'mrr', now);
  await storeToday(tx, now);
  return { days: marked.length, retained, mrrOwners };
}

/** Every rollup from scratch (the seed, after a bulk load that skipped the marking). */
export async function rebuildRollups(tx: Db, now: Date): Promise<void> {
  await tx.execute(sql`DELETE FROM dashboard_last_seen`);
  await tx.execute(sql`INSERT INTO dashboard_last_seen (day, shard, users) ${lastSeenFigures()}`);
  await tx.execute(sql`DELETE FROM dashboard_daily`);
  await tx.execute(sql`INSERT INTO dashboard_daily (metric, day, dim, value) ${dailyFigures(null, null)}`);
  await tx.execute(sql`DELETE FROM dashboard_rollup_days WHERE day < ${dayOf(now)}::date`);
  await snapshotRetained(tx, dayOf(now));
  await rebuildMrrMovements(tx);
  await markFresh(tx, 'mrr', now);
  await rebuildCohorts(tx, now);
  await touchFreshness(tx);
}

export type { RollupDifference };

/**
 * Compares every stored past day with the raw rows (and the latest funnel snapshot with a fresh
 * count for the same instant), the MRR movements (0038) and the cohort grid (0046); with `repair`,
 * recomputes the days, customers and grid that differ. A difference is a bug or a write that raced
 * the job: either way the raw rows win.
 */
export async function checkRollups(
  tx: Db,
  now: Date,
  options: { repair: boolean },
): Promise<{
  differences: RollupDifference[];
  repairedDays: number;
  repairedOwners: number;
  repairedCohorts: boolean;
}> {
  const today = dayOf(now);
  const yesterday = addDays(today, -1);
  const differences = await queryRows<RollupDifference>(
    tx,
    sql`WITH actual AS (SELECT * FROM (${dailyFigures(null, startOfDay(today))}) daily
          UNION ALL SELECT * FROM (${retainedFigures(startOfDay(today), yesterday)}) retained),
        stored AS (SELECT metric, day, dim, value FROM dashboard_daily
          WHERE day < ${today}::date AND (metric <> 'retained' OR day = ${yesterday}::date))
        SELECT coalesce(a.metric, s.metric) AS metric, to_char(coalesce(a.day, s.day), 'YYYY-MM-DD') AS day,
          coalesce(a.dim, s.dim) AS dim, coalesce(s.value, 0)::float8 AS stored, coalesce(a.value, 0)::float8 AS actual
        FROM actual a FULL JOIN stored s ON s.metric = a.metric AND s.day = a.day AND s.dim = a.dim
        WHERE coalesce(a.value, 0) <> coalesce(s.value, 0)
        ORDER BY 2, 1, 3`,
  );
  const lastSeen = await queryRows<RollupDifference>(
    tx,
    sql`WITH actual AS (SELECT day, users FROM (${lastSeenFigures()}) f),
        stored AS (SELECT day, sum(users)::int AS users FROM dashboard_last_seen GROUP BY day)
        SELECT 'last_seen' AS metric, to_char(coalesce(a.day, s.day), 'YYYY-MM-DD') AS day, '' AS dim,
          coalesce(s.users, 0)::float8 AS stored, coalesce(a.users, 0)::float8 AS actual
        FROM actual a FULL JOIN stored s ON s.day = a.day
        WHERE coalesce(a.users, 0) <> coalesce(s.users, 0)
        ORDER BY 2`,
  );
  differences.push(...lastSeen);
  const mrr = await checkMrrMovements(tx, options);
  const cohorts = await checkCohorts(tx, now, options);
  const repairedOwners = mrr.repairedOwners;
  const others = [...mrr.differences, ...cohorts.differences];
  const repairedCohorts = cohorts.repaired;
  if (options.repair && (differences.length > 0 || repairedOwners > 0 || repairedCohorts)) await touchFreshness(tx);
  if (!options.repair || differences.length === 0)
    return { differences: [...differences, ...others], repairedDays: 0, repairedOwners, repairedCohorts };
  if (lastSeen.length > 0) {
    await tx.execute(sql`DELETE FROM dashboard_last_seen`);
    await tx.execute(sql`INSERT INTO dashboard_last_seen (day, shard, users) ${lastSeenFigures()}`);
  }
  const days = new Set(
    differences.filter((d) => d.metric !== 'retained' && d.metric !== 'last_seen').map((d) => d.day),
  );
  for (const day of days) await recomputeDay(tx, day);
  if (differences.some((d) => d.metric === 'retained')) {
    await tx.execute(sql`DELETE FROM dashboard_daily WHERE metric = 'retained'`);
    await snapshotRetained(tx, today);
  }
  return { differences: [...differences, ...others], repairedDays: days.size, repairedOwners, repairedCohorts };
}
