import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { time } from './columns';
import { users } from './users';

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

const mrrKinds = sql`('new', 'expansion', 'contraction', 'churn', 'reactivation')`;

/**
 * MRR movements (docs/decisions/0038): one row per customer and Moscow day whose MRR differs from the
 * day before, past days and days to come (a lapse already known), as `pult_mrr_movements` defines them.
 * Kept by the rollup job from `mrr_dirty_owners`; the drill-down pages through `(kind, day DESC, user_id)`,
 * which the migration (0037) gives INCLUDE (amount, plan_id), as Drizzle cannot declare it: a page is
 * read from the index alone.
 */
export const mrrMovements = pgTable(
  'mrr_movements',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['new', 'expansion', 'contraction', 'churn', 'reactivation'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    planId: integer('plan_id'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    index('mrr_movements_kind_day_idx').on(t.kind, t.day.desc(), t.userId),
    check('mrr_movements_kind_check', sql`${t.kind} IN ${mrrKinds}`),
    check('mrr_movements_amount_check', sql`${t.amount} <> 0`),
  ],
);

/** The sums of `mrr_movements` per day and kind (kopecks, and how many customers): what the dashboard reads. */
export const mrrDaily = pgTable(
  'mrr_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['new', 'expansion', 'contraction', 'churn', 'reactivation'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    customers: integer('customers').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind] }), check('mrr_daily_kind_check', sql`${t.kind} IN ${mrrKinds}`)],
);

/** Customers whose movements a subscription or plan write may have changed, queued by triggers for the job. */
export const mrrDirtyOwners = pgTable('mrr_dirty_owners', { owner: integer('owner').primaryKey() });

/**
 * When the rollup job last stored today's figures (`today`: `dashboard_daily` rows of today, counted
 * up to `as_of`) and folded the MRR queue (`mrr`). A request adds the rows since `as_of` to the stored
 * today, and answers both instants as the figures' freshness (decision 0038); `cohorts`: the cohort
 * grid's last rebuild and its duration (decision 0046).
 */
export const dashboardFreshness = pgTable(
  'dashboard_freshness',
  {
    name: text('name', { enum: ['today', 'mrr', 'cohorts'] }).primaryKey(),
    asOf: time('as_of').notNull(),
    /** How long the last rebuild took (`cohorts` only): the next waits a hundred times as long. */
    tookMs: integer('took_ms'),
    /**
     * The database's clock when the grid's build read the rows (`cohorts` only): dashboard:check compares
     * the grid with the rows written by then (decision 0049); `asOf` is the job's clock, a test's fake one.
     */
    rowsTo: time('rows_to'),
  },
  (t) => [check('dashboard_freshness_name_check', sql`${t.name} IN ('today', 'mrr', 'cohorts')`)],
);
