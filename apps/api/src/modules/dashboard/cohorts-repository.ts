import type { CohortGrouping, RefundPolicy } from '@pult/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';

export interface CohortSum {
  cohort: string;
  age: number;
  /** Members whose mark (anchor day + 30 × age days) is `today` or earlier (all members at age 0). */
  eligible: number;
  retained: number;
  revenue: number;
}

/** SQL only: the cohort grid's rollup (docs/decisions/0046), summed per cohort and age. */
export const cohortsRepository = {
  /**
   * Each cohort's sums per age over the anchor days that have reached it by `today` (age 0: every
   * anchor day, the cohort's size and revenue so far), the revenue under the refund policy in force
   * (docs/decisions/0049). Reads `cohort_cells` through its primary key.
   */
  sums: (db: Db, by: CohortGrouping, today: string, refunds: RefundPolicy) =>
    queryRows<CohortSum>(
      db,
      sql`SELECT cohort, age::int AS age, sum(members)::int AS eligible, sum(retained)::int AS retained,
            sum(${refunds === 'rewriteClosedDays' ? sql`revenue_rewritten` : sql`revenue`})::float8 AS revenue
          FROM cohort_cells
          WHERE kind = ${by} AND (age = 0 OR anchor_day + 30 * age <= ${today}::date)
          GROUP BY cohort, age`,
    ),

  /** The names of the series among the keys (a deleted series keeps its id as its label). */
  seriesNames: (db: Db, ids: number[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : queryRows<{ id: number; name: string; createdAt: string }>(
          db,
          sql`SELECT id, name, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"
              FROM promo_series WHERE id = ANY (${`{${ids.join(',')}}`}::integer[])`,
        ),

  asOf: async (db: Db): Promise<string | null> => {
    const [row] = await queryRows<{ asOf: string }>(
      db,
      sql`SELECT to_char(as_of AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "asOf"
          FROM dashboard_freshness WHERE name = 'cohorts'`,
    );
    return row?.asOf ?? null;
  },
};
