import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import type { RollupDifference } from './rollup-difference';

/**
 * How long the grid stays before its job rebuilds it: a hundred times its last rebuild, so the job
 * spends about 1 % of its time on it, between one run (30 s; a small database is rebuilt at every run,
 * a new activation is in the grid within a minute) and an hour (1 M users: a rebuild reads every paid
 * subscription, transaction and activation). A rebuild longer than three minutes (10 M users: about
 * ten) would hold a core more than 5 % of the time at one an hour: it waits twenty times its duration
 * instead. Docs/decisions/0046.
 */
const MIN_AGE_MS = 25_000;
const COHORTS_MAX_AGE_MS = 60 * 60_000;
export const rebuildAfterMs = (tookMs: number) =>
  Math.max(MIN_AGE_MS, Math.min(tookMs * 100, Math.max(COHORTS_MAX_AGE_MS, tookMs * 20)));

/** The grid from scratch: `cohort_cells` replaced by `pult_cohort_cells()`, stamped with `now` and its duration. */
export async function rebuildCohorts(tx: Db, now: Date): Promise<void> {
  const started = performance.now();
  // The rows the build reads are those committed by its statement's start, which this stamp precedes by
  // a round trip: the check compares with the rows created by then (a write committing meanwhile is the
  // one race, as for the daily rollups in 0016).
  const [stamp] = await queryRows<{ at: string }>(tx, sql`SELECT clock_timestamp()::text AS at`);
  await tx.execute(sql`DELETE FROM cohort_cells`);
  await tx.execute(sql`INSERT INTO cohort_cells (kind, cohort, anchor_day, age, members, retained, revenue, revenue_rewritten)
    SELECT * FROM pult_cohort_cells()`);
  const took = Math.round(performance.now() - started);
  await tx.execute(sql`INSERT INTO dashboard_freshness (name, as_of, took_ms, rows_to)
    VALUES ('cohorts', ${now}::timestamptz, ${took}, ${stamp?.at ?? null}::timestamptz)
    ON CONFLICT (name) DO UPDATE SET as_of = excluded.as_of, took_ms = excluded.took_ms, rows_to = excluded.rows_to`);
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

const CELL_FIGURES = ['members', 'retained', 'revenue', 'revenue_rewritten'] as const;

/**
 * Compares `cohort_cells` with `pult_cohort_cells` over the rows written by the grid's build (its
 * `rows_to`: rows added since are the next rebuild's, not drift; a grid built before 0049 has none and
 * is compared with every row); with `repair`, rebuilds the grid whole
 * when anything differs (it has no smaller unit to refold). A difference reads `cohort:<kind>:<figure>`,
 * its day is the anchor day and its dim `<cohort>/<age>`.
 */
export async function checkCohorts(
  tx: Db,
  now: Date,
  options: { repair: boolean },
): Promise<{ differences: RollupDifference[]; repaired: boolean }> {
  const [built] = await queryRows<{ rowsTo: string | null }>(
    tx,
    sql`SELECT rows_to::text AS "rowsTo" FROM dashboard_freshness WHERE name = 'cohorts'`,
  );
  // Never built: the job's first run builds it; nothing stored to compare.
  if (!built) return { differences: [], repaired: false };
  const differs = sql.join(
    CELL_FIGURES.map((f) => sql`coalesce(s.${sql.raw(f)}, 0) <> coalesce(a.${sql.raw(f)}, 0)`),
    sql` OR `,
  );
  const rows = await queryRows<
    Record<(typeof CELL_FIGURES)[number], [number, number]> & { at: string; cell: string; kind: string }
  >(
    tx,
    sql`SELECT coalesce(a.kind, s.kind) AS kind, to_char(coalesce(a.anchor_day, s.anchor_day), 'YYYY-MM-DD') AS at,
          coalesce(a.cohort, s.cohort) || '/' || coalesce(a.age, s.age) AS cell,
          ${sql.join(
            CELL_FIGURES.map(
              (f) => sql`ARRAY[coalesce(s.${sql.raw(f)}, 0), coalesce(a.${sql.raw(f)}, 0)]::float8[] AS ${sql.raw(f)}`,
            ),
            sql`, `,
          )}
        FROM (SELECT * FROM pult_cohort_cells(${built.rowsTo}::timestamptz)) a
        FULL JOIN cohort_cells s
          ON s.kind = a.kind AND s.cohort = a.cohort AND s.anchor_day = a.anchor_day AND s.age = a.age
        WHERE ${differs}
        ORDER BY 2, 1, 3`,
  );
  const differences = rows.flatMap((row) =>
    CELL_FIGURES.filter((f) => row[f][0] !== row[f][1]).map((f) => ({
      metric: `cohort:${row.kind}:${f}`,
      day: row.at,
      dim: row.cell,
      stored: row[f][0],
      actual: row[f][1],
    })),
  );
  if (!options.repair || differences.length === 0) return { differences, repaired: false };
  await rebuildCohorts(tx, now);
  return { differences, repaired: true };
}
