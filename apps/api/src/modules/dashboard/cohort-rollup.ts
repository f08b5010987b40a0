import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';

/**
 * How long the grid stays before the rollup job rebuilds it: a hundred times its last rebuild, so
 * the job spends about 1 % of its time on it, between one run (30 s; a small database is rebuilt at
 * every run, a new activation is in the grid within a minute) and an hour (1 M users: a rebuild reads
 * every paid subscription, transaction and activation). Docs/decisions/0046.
 */
const MIN_AGE_MS = 25_000;
export const COHORTS_MAX_AGE_MS = 60 * 60_000;
const rebuildAfterMs = (tookMs: number) => Math.min(COHORTS_MAX_AGE_MS, Math.max(MIN_AGE_MS, tookMs * 100));

/** The grid from scratch: `cohort_cells` replaced by `pult_cohort_cells()`, stamped with `now` and its duration. */
export async function rebuildCohorts(tx: Db, now: Date): Promise<void> {
  const started = performance.now();
  await tx.execute(sql`DELETE FROM cohort_cells`);
  await tx.execute(sql`INSERT INTO cohort_cells (kind, cohort, anchor_day, age, members, retained, revenue)
    SELECT * FROM pult_cohort_cells()`);
  const took = Math.round(performance.now() - started);
  await tx.execute(sql`INSERT INTO dashboard_freshness (name, as_of, took_ms) VALUES ('cohorts', ${now}::timestamptz, ${took})
    ON CONFLICT (name) DO UPDATE SET as_of = excluded.as_of, took_ms = excluded.took_ms`);
}

/** Rebuilds the grid when it was never built or has aged past `rebuildAfterMs`; 1 when it did. */
export async function refreshCohorts(tx: Db, now: Date): Promise<number> {
  const [fresh] = await queryRows<{ asOf: string; tookMs: number | null }>(
    tx,
    sql`SELECT to_char(as_of AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "asOf", took_ms AS "tookMs"
        FROM dashboard_freshness WHERE name = 'cohorts'`,
  );
  if (fresh && now.getTime() - new Date(fresh.asOf).getTime() < rebuildAfterMs(fresh.tookMs ?? 0)) return 0;
  await rebuildCohorts(tx, now);
  return 1;
}
