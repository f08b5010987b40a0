import { type SQL, sql } from 'drizzle-orm';

/**
 * The dims of the figures that two counting policies change (docs/decisions/0049): both variants are
 * stored, so switching a policy reads other rows and recomputes nothing. Revenue: '' counts a refund
 * on its own day, REWRITE_CLOSED_DAYS takes a refunded payment out of its day (and counts no refund).
 * Churned: '' counts promo grants as subscriptions, WITHOUT_PROMO leaves them out on both sides.
 */
export const REWRITE_CLOSED_DAYS = 'rewriteClosedDays';
export const WITHOUT_PROMO = 'withoutPromo';

/**
 * Every daily figure of the dashboard, per Moscow day, for the rows whose own time falls in
 * [from, to): the one definition the rollups, today's live figures and the check all use.
 * Rows: (metric, day, dim, value); dims are '' or a plan and source (`3:purchase`), a source,
 * a series id, a refusal reason or a policy's variant (above). Zero values are left out: an absent
 * row reads as 0.
 */
export function dailyFigures(from: Date | null, to: Date | null, only?: readonly DailyMetric[]): SQL {
  const lo = from ?? new Date('1970-01-01T00:00:00Z');
  const hi = to ?? new Date('9999-01-01T00:00:00Z');
  const inRange = (column: SQL) => sql`${column} >= ${lo}::timestamptz AND ${column} < ${hi}::timestamptz`;
  const oneDay = hi.getTime() - lo.getTime() <= DAY_MS;
  const branches = dailyBranches(inRange, oneDay).filter(([metric]) => !only || only.includes(metric));
  // The columns named once, on the union: the first branch left may be any metric's.
  return sql`
    SELECT metric, day, dim, value FROM (
      ${sql.join(
        branches.map(([, branch]) => branch),
        sql` UNION ALL `,
      )}
    ) figures (metric, day, dim, value)
    WHERE value <> 0`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The metrics of `dashboard_daily` that `dailyFigures` counts (the retained snapshot is apart). */
export type DailyMetric =
  | 'registrations'
  | 'revenue'
  | 'new'
  | 'starts'
  | 'ends'
  | 'churned'
  | 'activations'
  | 'refusals';

/**
 * Each metric's statements, so that a caller needing one (a people list's live count of today) plans
 * and runs only its own branches instead of all ten.
 */
function dailyBranches(inRange: (column: SQL) => SQL, oneDay: boolean): Array<[DailyMetric, SQL]> {
  return [
    [
      'registrations',
      sql`SELECT 'registrations' AS metric, pult_day(u.created_at) AS day, '' AS dim, count(*)::bigint AS value
        FROM users u WHERE u.role = 'user' AND ${inRange(sql`u.created_at`)} GROUP BY 2`,
    ],
    [
      'revenue',
      sql`SELECT 'revenue', pult_day(t.created_at), '', sum(t.amount)::bigint
        FROM transactions t
        WHERE ${inRange(sql`t.created_at`)}
          AND ((t.kind IN ('purchase', 'renewal') AND t.status IN ('succeeded', 'refunded'))
            OR (t.kind = 'refund' AND t.status = 'succeeded'))
        GROUP BY 2`,
    ],
    [
      'revenue',
      sql`SELECT 'revenue', pult_day(t.created_at), ${REWRITE_CLOSED_DAYS}, sum(t.amount)::bigint
        FROM transactions t
        WHERE ${inRange(sql`t.created_at`)} AND t.kind IN ('purchase', 'renewal') AND t.status = 'succeeded'
        GROUP BY 2`,
    ],
    [
      'new',
      sql`SELECT 'new', pult_day(s.started_at), s.source, count(*)::bigint
        FROM subscriptions s WHERE ${inRange(sql`s.started_at`)} GROUP BY 2, 3`,
    ],
    [
      'starts',
      sql`SELECT 'starts', pult_day(s.started_at), s.plan_id || ':' || s.source, count(*)::bigint
        FROM subscriptions s WHERE s.status <> 'canceled' AND ${inRange(sql`s.started_at`)} GROUP BY 2, 3`,
    ],
    [
      'ends',
      sql`SELECT 'ends', pult_day(s.expires_at), s.plan_id || ':' || s.source, count(*)::bigint
        FROM subscriptions s WHERE s.status <> 'canceled' AND ${inRange(sql`s.expires_at`)} GROUP BY 2, 3`,
    ],
    ...(oneDay ? [churnedOfADay(inRange)] : churnedOfMonths(inRange)),
    [
      'activations',
      sql`SELECT 'activations', pult_day(c.activated_at), c.series_id::text, count(*)::bigint
        FROM promo_codes c WHERE c.activated_at IS NOT NULL AND ${inRange(sql`c.activated_at`)} GROUP BY 2, 3`,
    ],
    [
      'refusals',
      sql`SELECT 'refusals', pult_day(r.at), r.reason, count(*)::bigint
        FROM promo_activation_refusals r WHERE ${inRange(sql`r.at`)} GROUP BY 2, 3`,
    ],
  ];
}

/**
 * Churn, both variants (REWRITE… above): a subscription churns in '' when no other subscription of its
 * owner's that is not canceled covers its end, and in WITHOUT_PROMO (a promo grant counting on neither
 * side) when no paid one does. Two forms of that one rule, because PostgreSQL cannot turn one into the
 * other and each is the cheap one at its size (test/dashboard/churn-covers.test.ts holds them equal):
 *
 * - over months (the rebuilds, the check, the seed's ranges): an anti-join per variant, which the planner
 *   runs as a hash of the table;
 * - over a day (today's recount every 30 s, a past day's recompute): one probe of the owner's index per
 *   expiring subscription for both variants, the covering subscription it finds first a paid one when
 *   there is any. The anti-joins probed twice, 73,400 times for today at 10 M users; a join instead of
 *   the probe was priced by the planner as a scan of the whole table (decision 0056, addendum).
 */
function churnedOfMonths(inRange: (column: SQL) => SQL): Array<[DailyMetric, SQL]> {
  return [
    [
      'churned',
      sql`SELECT 'churned', pult_day(s.expires_at), '', count(*)::bigint
        FROM subscriptions s
        WHERE ${inRange(sql`s.expires_at`)}
          AND NOT EXISTS (
            SELECT 1 FROM subscriptions o
            WHERE o.owner = s.owner AND o.id <> s.id AND o.status <> 'canceled'
              AND o.started_at <= s.expires_at AND (o.expires_at IS NULL OR o.expires_at > s.expires_at))
        GROUP BY 2`,
    ],
    [
      'churned',
      sql`SELECT 'churned', pult_day(s.expires_at), ${WITHOUT_PROMO}, count(*)::bigint
        FROM subscriptions s
        WHERE ${inRange(sql`s.expires_at`)} AND s.source <> 'promo'
          AND NOT EXISTS (
            SELECT 1 FROM subscriptions o
            WHERE o.owner = s.owner AND o.id <> s.id AND o.status <> 'canceled' AND o.source <> 'promo'
              AND o.started_at <= s.expires_at AND (o.expires_at IS NULL OR o.expires_at > s.expires_at))
        GROUP BY 2`,
    ],
  ];
}

function churnedOfADay(inRange: (column: SQL) => SQL): [DailyMetric, SQL] {
  return [
    'churned',
    sql`SELECT 'churned', g.day, v.dim, v.value
      FROM (
        SELECT pult_day(s.expires_at) AS day,
          count(*) FILTER (WHERE c.paid IS NULL) AS churned,
          count(*) FILTER (WHERE s.source <> 'promo' AND c.paid IS NOT TRUE) AS paid_churned
        FROM subscriptions s
        LEFT JOIN LATERAL (
          SELECT o.source <> 'promo' AS paid
          FROM subscriptions o
          WHERE o.owner = s.owner AND o.id <> s.id AND o.status <> 'canceled'
            AND o.started_at <= s.expires_at AND coalesce(o.expires_at, 'infinity') > s.expires_at
          ORDER BY 1 DESC
          LIMIT 1) c ON true
        WHERE ${inRange(sql`s.expires_at`)}
        GROUP BY 1) g
      CROSS JOIN LATERAL (VALUES ('', g.churned::bigint), (${WITHOUT_PROMO}, g.paid_churned::bigint)) v (dim, value)`,
  ];
}

/**
 * The promo funnel's last step, as of the instant `at`: per series, users who activated one of its
 * codes whose promo time ran out by then and who hold a running purchased subscription at `at`.
 * Stored under the day before `at` (metric 'retained'), with a '' row for the total that marks the
 * snapshot as taken even when every series has none.
 */
export function retainedFigures(at: Date, day: string): SQL {
  return sql`
    WITH per_series AS (
      SELECT c.series_id::text AS dim, count(DISTINCT c.activated_by)::bigint AS value
      FROM promo_codes c
      JOIN promo_series ps ON ps.id = c.series_id
      WHERE c.activated_at IS NOT NULL AND c.activated_by IS NOT NULL
        AND c.activated_at + make_interval(days => ps.duration_days) <= ${at}::timestamptz
        AND EXISTS (
          SELECT 1 FROM subscriptions s
          WHERE s.owner = c.activated_by AND s.source = 'purchase' AND s.status <> 'canceled'
            AND s.started_at <= ${at}::timestamptz AND (s.expires_at IS NULL OR s.expires_at > ${at}::timestamptz))
      GROUP BY c.series_id
    )
    SELECT 'retained' AS metric, ${day}::date AS day, dim, value FROM per_series
    UNION ALL
    SELECT 'retained', ${day}::date, '', coalesce(sum(value), 0)::bigint FROM per_series`;
}

/** Planner users per Moscow day of their last sighting, all in shard 0 (the triggers spread later moves). */
export function lastSeenFigures(): SQL {
  return sql`
    SELECT pult_day(u.last_seen_at) AS day, 0 AS shard, count(*)::int AS users
    FROM users u WHERE u.role = 'user' AND u.last_seen_at IS NOT NULL
    GROUP BY 1`;
}
