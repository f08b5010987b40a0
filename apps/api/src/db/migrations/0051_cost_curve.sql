-- Issue 37 (target 5, the cost curve from 1 M to 10 M users; decision 0055). Written by hand (0004); the
-- function is db/functions' (0031).
--
-- 1. The users list's text filters (e-mail, phone, name: ILIKE '%…%' through the trigram indexes) are
--    estimated from the column's histogram: PostgreSQL counts the histogram entries the pattern matches.
--    At the default 100 entries a pattern matching under about 1 % of the users often matches none, and
--    the estimate falls to its floor (0.01 %): the list then counts the matches exactly through the
--    trigram index (collecting every match before its cap of 10 000, ~40 k at 10 M users for "123") and
--    reads its page by bitmap instead of walking the date index. 1 000 entries bring that blind spot
--    under 0.1 %, about the cap at 10 M users. ANALYZE samples 300 000 rows instead of 30 000; planning a
--    filtered list matches the pattern against 1 000 entries (a few tenths of a millisecond).
ALTER TABLE users ALTER COLUMN email SET STATISTICS 1000;
--> statement-breakpoint
ALTER TABLE users ALTER COLUMN phone_number SET STATISTICS 1000;
--> statement-breakpoint
-- The name filter's expression has its statistics through its index only.
ALTER INDEX users_name_trgm ALTER COLUMN 1 SET STATISTICS 1000;
--> statement-breakpoint
ANALYZE users;
--> statement-breakpoint
-- 2. pult_mrr_movements in a shape whose cost grows with the subscriptions, not with their estimate:
--    running sums over each customer's days instead of a join of every candidate day to the subscriptions.
--    Same rows (test/dashboard/mrr-movements-0037.test.ts compares them with 0037's definition).
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
  -- after, it stops counting (expires_at >= started_at, so the three are in that order).
  changes AS (
    SELECT c.owner, x.d, x.counts, x.runs_on, x.running
    FROM counted c,
      LATERAL (VALUES (c.sd, c.mrr, c.mrr, 1), (c.ed, 0, -c.mrr, -1), (c.ed + 1, -c.mrr, 0, 0)) AS x(d, counts, runs_on, running)
    WHERE x.d IS NOT NULL
  ),
  -- Running sums up to and including each day (the RANGE frame takes every change of the day); one row per day.
  days AS (
    SELECT owner, d, dense_rank() OVER w > 1 AS had_before, sum(running) OVER w AS running,
      CASE WHEN sum(running) OVER w > 0 THEN sum(runs_on) OVER w ELSE sum(counts) OVER w END AS mrr,
      row_number() OVER (PARTITION BY owner, d) AS nth
    FROM changes WINDOW w AS (PARTITION BY owner ORDER BY d)
  ),
  steps AS (
    SELECT owner, d, had_before, mrr AS mrr_now, lag(mrr, 1, 0::bigint) OVER w AS mrr_before,
      running, lag(d) OVER w AS d_before, lag(running) OVER w AS running_before
    FROM days WHERE nth = 1 WINDOW w AS (PARTITION BY owner ORDER BY d)
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
