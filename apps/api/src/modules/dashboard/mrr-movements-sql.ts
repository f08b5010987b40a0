import { type SQL, sql } from 'drizzle-orm';
import { addDays, startOfDay } from './moscow-day';

/**
 * Every MRR movement whose Moscow day falls in [from, to], one row per customer and day:
 * (user_id, day, kind, amount, plan_id). The one definition (docs/decisions/0038) that the dashboard's
 * sums and the drill-down both read, so a figure and its list cannot disagree.
 *
 * A customer's MRR on day D: their counted subscriptions (purchased, not canceled, monthly at the price,
 * yearly at round(price ÷ 12), price above 0) that count on D — from the day they start through the day
 * they expire; when some of those run on past D, only those (so an upgrade or a renewal that day is one
 * step, and a lapse is churn on the day after expiry). MRR can only change on a day some subscription
 * of the customer starts, expires, or expired the day before, so those days are the only candidates:
 * index ranges on `started_at` and `expires_at`, then each candidate's owner through the owner index.
 */
export function mrrMovementRows(from: string, to: string): SQL {
  const startsFrom = startOfDay(from);
  const expiresFrom = startOfDay(addDays(from, -1));
  const until = startOfDay(addDays(to, 1));
  const countsOn = (day: SQL) => sql`s.sd <= ${day} AND (s.ed IS NULL OR s.ed >= ${day})`;
  const runsPast = (day: SQL) => sql`s.sd <= ${day} AND (s.ed IS NULL OR s.ed > ${day})`;
  const d = sql`s.d`;
  const before = sql`(s.d - 1)`;
  return sql`
    WITH candidates AS (
      SELECT DISTINCT owner, d FROM (
        SELECT owner, pult_day(started_at) AS d FROM subscriptions
          WHERE started_at >= ${startsFrom}::timestamptz AND started_at < ${until}::timestamptz
        UNION ALL
        SELECT owner, pult_day(expires_at) + k FROM subscriptions, (VALUES (0), (1)) AS shift(k)
          WHERE expires_at >= ${expiresFrom}::timestamptz AND expires_at < ${until}::timestamptz
      ) days
      WHERE d BETWEEN ${from}::date AND ${to}::date
    ),
    counted AS (
      SELECT c.owner, c.d, sub.plan_id, sub.started_at,
        pult_day(sub.started_at) AS sd, pult_day(sub.expires_at) AS ed,
        (CASE p.period WHEN 'year' THEN round(p.price / 12.0) ELSE p.price END)::bigint AS mrr
      FROM candidates c
      JOIN subscriptions sub ON sub.owner = c.owner
      JOIN subscription_plans p ON p.id = sub.plan_id
      WHERE sub.source = 'purchase' AND sub.status <> 'canceled' AND p.period IN ('month', 'year') AND p.price > 0
        AND pult_day(sub.started_at) <= c.d
    ),
    per_day AS (
      SELECT s.owner, s.d,
        bool_or(s.sd < ${d}) AS had_before,
        CASE WHEN bool_or(${runsPast(d)}) THEN sum(s.mrr) FILTER (WHERE ${runsPast(d)})
          ELSE coalesce(sum(s.mrr) FILTER (WHERE ${countsOn(d)}), 0) END AS mrr_now,
        CASE WHEN bool_or(${runsPast(before)}) THEN sum(s.mrr) FILTER (WHERE ${runsPast(before)})
          ELSE coalesce(sum(s.mrr) FILTER (WHERE ${countsOn(before)}), 0) END AS mrr_before,
        (array_agg(s.plan_id ORDER BY (s.ed IS NULL OR s.ed > ${d}) DESC, s.mrr DESC, s.started_at DESC)
          FILTER (WHERE ${countsOn(d)}))[1] AS plan_now,
        (array_agg(s.plan_id ORDER BY (s.ed IS NULL OR s.ed > ${before}) DESC, s.mrr DESC, s.started_at DESC)
          FILTER (WHERE ${countsOn(before)}))[1] AS plan_before
      FROM counted s
      GROUP BY s.owner, s.d
    )
    SELECT owner AS user_id, d AS day,
      CASE WHEN mrr_before = 0 THEN CASE WHEN had_before THEN 'reactivation' ELSE 'new' END
        WHEN mrr_now = 0 THEN 'churn'
        WHEN mrr_now > mrr_before THEN 'expansion'
        ELSE 'contraction' END AS kind,
      (mrr_now - mrr_before)::bigint AS amount,
      CASE WHEN mrr_now = 0 THEN plan_before ELSE plan_now END AS plan_id
    FROM per_day
    WHERE mrr_now <> mrr_before`;
}
