-- Every MRR movement of the given customers (all customers when owners is NULL), on every day, past or
-- to come: one row per customer and Moscow day whose MRR differs from the day before (decision 0038).
-- The one definition the rollup (mrr_movements, mrr_daily), its backfill and dashboard:check all use.
--
-- A counted subscription: purchased, not canceled, of a monthly plan (its price) or a yearly one
-- (round(price / 12)), price above 0. It counts from the day it starts through the day it expires. A
-- customer's MRR on day D is the sum of those that count on D, but when some of them run on past D, of
-- those only: a lapse is churn on the day after expiry, and an upgrade or renewal that day is one step.
-- The MRR depends only on the rows, not on today, so a lapse to come is stored now under its day and
-- becomes visible when that day comes. It can only change on a day some counted subscription starts,
-- expires, or expired the day before: those are the candidate days, each compared with the day before.
--
-- LANGUAGE sql and one SELECT, so the planner inlines it: with owners given, the subscriptions are read
-- through the owner index.
CREATE OR REPLACE FUNCTION pult_mrr_movements(owners integer[])
RETURNS TABLE (user_id integer, day date, kind text, amount bigint, plan_id integer)
LANGUAGE sql STABLE AS $$
  WITH counted AS (
    SELECT s.owner, s.plan_id AS plan, s.started_at, pult_day(s.started_at) AS sd, pult_day(s.expires_at) AS ed,
      (CASE p.period WHEN 'year' THEN round(p.price / 12.0) ELSE p.price END)::bigint AS mrr
    FROM subscriptions s JOIN subscription_plans p ON p.id = s.plan_id
    WHERE (owners IS NULL OR s.owner = ANY (owners))
      AND s.source = 'purchase' AND s.status <> 'canceled' AND p.period IN ('month', 'year') AND p.price > 0
  ),
  candidates AS (
    SELECT DISTINCT c.owner, x.d FROM counted c, LATERAL (VALUES (c.sd), (c.ed), (c.ed + 1)) AS x(d)
    WHERE x.d IS NOT NULL
  ),
  per_day AS (
    SELECT k.owner, k.d,
      bool_or(s.sd < k.d) AS had_before,
      CASE WHEN bool_or(s.ed IS NULL OR s.ed > k.d)
        THEN sum(s.mrr) FILTER (WHERE s.ed IS NULL OR s.ed > k.d)
        ELSE coalesce(sum(s.mrr) FILTER (WHERE s.ed >= k.d), 0) END AS mrr_now,
      CASE WHEN bool_or(s.sd < k.d AND (s.ed IS NULL OR s.ed >= k.d))
        THEN sum(s.mrr) FILTER (WHERE s.sd < k.d AND (s.ed IS NULL OR s.ed >= k.d))
        ELSE coalesce(sum(s.mrr) FILTER (WHERE s.sd < k.d AND s.ed >= k.d - 1), 0) END AS mrr_before,
      (array_agg(s.plan ORDER BY (s.ed IS NULL OR s.ed > k.d) DESC, s.mrr DESC, s.started_at DESC)
        FILTER (WHERE s.ed IS NULL OR s.ed >= k.d))[1] AS plan_now,
      (array_agg(s.plan ORDER BY (s.ed IS NULL OR s.ed >= k.d) DESC, s.mrr DESC, s.started_at DESC)
        FILTER (WHERE s.sd < k.d AND (s.ed IS NULL OR s.ed >= k.d - 1)))[1] AS plan_before
    FROM candidates k JOIN counted s ON s.owner = k.owner AND s.sd <= k.d
    GROUP BY k.owner, k.d
  )
  SELECT owner, d,
    CASE WHEN mrr_before = 0 THEN CASE WHEN had_before THEN 'reactivation' ELSE 'new' END
      WHEN mrr_now = 0 THEN 'churn'
      WHEN mrr_now > mrr_before THEN 'expansion'
      ELSE 'contraction' END,
    (mrr_now - mrr_before)::bigint,
    CASE WHEN mrr_now = 0 THEN plan_before ELSE plan_now END
  FROM per_day
  WHERE mrr_now <> mrr_before
$$;
