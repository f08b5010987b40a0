import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The dashboard's daily rollups (docs/decisions/0016): one number per Moscow day, figure and
 * dimension (a plan and source, a series, a refusal reason, or '' for none). Past days are read from
 * here; today is counted live. Rows are derived: `dashboard_rollup_days` says which days changed,
 * the rollup job recomputes those, and `npm run dashboard:check` compares every day with the raw rows.
 *
 * The migration adds, by hand, what the live "today" queries need on the other features' tables:
 * `subscriptions_started_idx` and `promo_codes_activated_at_idx`, and the statement triggers that
 * mark changed days (they see every writer, SQL functions and bulk loads included).
 */
export const dashboardDaily = pgTable(
  'dashboard_daily',
  {
    metric: text('metric').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    dim: text('dim').notNull().default(''),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.metric, t.day, t.dim] }),
    check(
      'dashboard_daily_metric_check',
      sql`${t.metric} IN ('registrations', 'revenue', 'new', 'starts', 'ends', 'churned', 'activations', 'refusals', 'retained')`,
    ),
  ],
);

/** Days whose rollups are stale: marked in the writing transaction, cleared by the job once past. */
export const dashboardRollupDays = pgTable('dashboard_rollup_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
});

/**
 * How many planner users were last seen on each Moscow day, kept exact in the same transaction as
 * the `last_seen_at` update (a trigger moves the user from the old day to the new one). Spread over
 * a few shards per day so concurrent sign-ins do not queue on one row lock; a day's count is the sum.
 * "Active in the period" is then a sum over the period's days instead of a scan of the users index.
 */
export const dashboardLastSeen = pgTable(
  'dashboard_last_seen',
  {
    day: date('day', { mode: 'string' }).notNull(),
    shard: integer('shard').notNull(),
    users: integer('users').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.shard] }),
    check('dashboard_last_seen_shard_check', sql`${t.shard} BETWEEN 0 AND 7`),
  ],
);
