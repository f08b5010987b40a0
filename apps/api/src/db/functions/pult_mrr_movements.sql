-- Every MRR movement of the given customers (all customers when owners is NULL), on every day, past or
-- to come: one row per customer and Moscow day whose MRR differs from the day before (decision 0038).
-- The one definition the rollup (mrr_movements, mrr_daily), its backfill and dashboard:check all use.
--
-- A counted subscription: purchased, not canceled, of a monthly plan (its price) or a yearly one
-- (round(price / 12)), price above 0. It counts from the day it starts through the day it expires. A
-- customer's MRR on day D is the sum of those that count on D, but when some of them run on past D, of
-- those only: a lapse is churn on the day after expiry, and an upgrade or renewal that day is one step.
-- The MRR depends only on the rows, not on today, so a lapse to come is stored now under its day and
-- becomes visible when that day comes. The plan of a movement is the customer's largest counted plan on
-- the day (the day before, for churn): those running on past the day first, then by MRR, then the
-- latest started, then the higher plan id.
--
-- How (migration 0051, decision 0055): what counts on D only changes on a day some counted subscription
-- starts (it counts and runs on), expires (it no longer runs on) or the day after (it no longer counts):
-- those are the customer's days, and between two of them nothing changes, so the MRR "the day before" a
-- day is the MRR of the customer's previous day. Each subscription gives those three changes as signed
-- amounts, and running sums over the customer's days (window functions, one sort by customer and day)
-- give, on each day, the MRR that counts, the MRR and number of those running on; no per-day join of a
-- customer's days with their subscriptions, no aggregate whose groups the planner cannot estimate (0037's
-- shape joined 3 M candidate days to the subscriptions and grouped 5 M rows at 1 M users). Only the
-- movements then meet their subscriptions, to name the plan. Memory is the sorts', which spill to disk in
-- order rather than in hash batches.
-- Migration 0055 (issue 37, target 6): the three changes are three reads of the counted rows rather than a
-- VALUES list joined to each, and the day's last row is found by lead() in the sums' own pass rather than
-- by a row_number() pass of its own: 16.4-18.6 s against 20.4-21.9 s at 1 M users (interleaved, load
-- under 1), the same 1,986,151 rows.
--
-- LANGUAGE sql and one SELECT, so the planner inlines it: with owners given, the subscriptions are read
-- through the owner index. The MRR is an integer per subscription (at most the plan's integer price), so
-- the running sums are bigint, not numeric.
CREATE OR REPLACE FUNCTION pult_mrr_movements(owners integer[])
RETURNS TABLE (user_id integer, day date, kind text, amount bigint, plan_id integer)
LANGUAGE sql STABLE AS $$
  WITH counted AS (
    SELECT s.owner, s.plan_id AS plan, s.started_at, pult_day(s.started_at) AS sd, pult_day(s.expires_at) AS ed,
      (CASE p.period WHEN 'year' THEN round(p.price / 12.0) ELSE p.price END)::integer AS mrr
    FROM subscriptions s JOIN subscription_plans p ON p.id = s.plan_id
    WHERE (owners IS NULL OR s.owner = ANY (owners))
      AND s.source = 'purchase' AND s.status <> 'canceled' AND p.period IN ('month', 'year') AND p.price > 0
  ),
  -- On its start day a subscription counts and runs on; on its expiry day it stops running on; the day
  -- after, it stops counting (expires_at >= started_at, so the three are in that order). Three reads of
  -- the counted rows, not a VALUES list joined to each: that nested loop cost as much as the sort.
  changes AS (
    SELECT owner, sd AS d, mrr AS counts, mrr AS runs_on, 1 AS running FROM counted
    UNION ALL SELECT owner, ed, 0, -mrr, -1 FROM counted WHERE ed IS NOT NULL
    UNION ALL SELECT owner, ed + 1, -mrr, 0, 0 FROM counted WHERE ed IS NOT NULL
  ),
  -- Running sums up to and including each day (the RANGE frame takes every change of the day), kept on
  -- the day's last row: lead() over the same window, so one pass computes both.
  days AS (
    SELECT owner, d, sum(running) OVER w AS running,
      CASE WHEN sum(running) OVER w > 0 THEN sum(runs_on) OVER w ELSE sum(counts) OVER w END AS mrr,
      lead(d) OVER w AS d_next
    FROM changes WINDOW w AS (PARTITION BY owner ORDER BY d)
  ),
  -- One row per day; had_before: the customer has an earlier day (a change before this one).
  steps AS (
    SELECT owner, d, lag(d) OVER w IS NOT NULL AS had_before, mrr AS mrr_now, lag(mrr, 1, 0::bigint) OVER w AS mrr_before,
      running, lag(d) OVER w AS d_before, lag(running) OVER w AS running_before
    FROM days WHERE d_next IS DISTINCT FROM d WINDOW w AS (PARTITION BY owner ORDER BY d)
  ),
  -- The day whose plan the movement names, and whether some subscription runs on past it then.
  moves AS (
    SELECT owner, d, had_before, mrr_now, mrr_before,
      CASE WHEN mrr_now = 0 THEN d_before ELSE d END AS plan_day,
      CASE WHEN mrr_now = 0 THEN running_before ELSE running END > 0 AS plan_runs_on
    FROM steps WHERE mrr_now <> mrr_before
  )
  SELECT DISTINCT ON (m.owner, m.d) m.owner, m.d,
    CASE WHEN m.mrr_before = 0 THEN CASE WHEN m.had_before THEN 'reactivation' ELSE 'new' END
      WHEN m.mrr_now = 0 THEN 'churn'
      WHEN m.mrr_now > m.mrr_before THEN 'expansion'
      ELSE 'contraction' END,
    m.mrr_now - m.mrr_before, c.plan
  FROM moves m JOIN counted c ON c.owner = m.owner AND c.sd <= m.plan_day
    AND CASE WHEN m.plan_runs_on THEN c.ed IS NULL OR c.ed > m.plan_day ELSE c.ed = m.plan_day END
  ORDER BY m.owner, m.d, c.mrr DESC, c.started_at DESC, c.plan DESC
$$;
