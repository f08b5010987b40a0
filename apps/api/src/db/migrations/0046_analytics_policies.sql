-- Issue 35 item 4: the counting policies for refunds and promo grants (docs/decisions/0049). Written by hand
-- (0004) around what `npm run db:routines` wrote for pult_cohort_cells (the file is its source).
-- The grid keeps its revenue under both refund policies; the job rebuilds it at its next run.
ALTER TABLE "cohort_cells" ADD COLUMN "revenue_rewritten" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "dashboard_freshness" ADD COLUMN "rows_to" timestamp with time zone;
--> statement-breakpoint
DELETE FROM "dashboard_freshness" WHERE "name" = 'cohorts';
--> statement-breakpoint
-- dashboard_daily now holds revenue and churned under each policy (new dims): every stored past day is
-- marked, and the job recomputes them with the one definition, 62 days a run, newest first.
INSERT INTO "dashboard_rollup_days" ("day")
SELECT d::date FROM (SELECT min("day") AS lo FROM "dashboard_daily") b,
  generate_series(b.lo, pult_day(now()) - 1, INTERVAL '1 day') AS d
WHERE b.lo IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DROP FUNCTION pult_cohort_cells();
--> statement-breakpoint
-- Every cohort cell from the raw rows (decision 0046): one row per cohort, anchor day and age in months
-- of 30 days (0-12), with how many members have that anchor day, how many of them are subscribed at that age and
-- the revenue they brought before it. The one definition the rollup (cohort_cells) and its tests use.
--
-- A paid subscription: purchased, not canceled, of a plan priced above 0 (month, year or lifetime). It
-- runs past a Moscow day D when pult_day(started_at) <= D < pult_day(expires_at) (no expiry: for ever):
-- subscribed on D and still on the day after, so a plan that merely ends on the mark is not kept.
-- Cohorts: 'month' (YYYY-MM of the Moscow day the member's first paid subscription started: the anchor)
-- and 'promoSeries' (the series' id; the anchor is the member's first activation of a code of it).
-- A month of age is 30 days, as the plans' months are: a member is subscribed at age k when a paid
-- subscription of theirs runs past the mark, anchor + 30 k days. (Calendar months made every February
-- cohort 100 % after one month: a 30-day plan bought on 10 February runs to 12 March.)
-- Revenue: the dashboard's (decision 0016) transactions of the member on or after the anchor day; at age
-- 0 all of them so far (the realised LTV), at age k >= 1 those of days before mark k. revenue_rewritten is the
-- same under the refund policy rewriteClosedDays (decision 0049): payments still succeeded, no refunds.
-- With as_of, only the rows written by then (subscriptions and transactions created, codes activated): what
-- dashboard:check compares a grid built at as_of with, so rows added since are not taken for drift.
CREATE OR REPLACE FUNCTION pult_cohort_cells(as_of timestamptz DEFAULT NULL)
RETURNS TABLE (kind text, cohort text, anchor_day date, age integer, members bigint, retained bigint, revenue bigint,
  revenue_rewritten bigint)
LANGUAGE sql STABLE AS $$
  WITH paid AS (
    SELECT s.owner, pult_day(s.started_at) AS sd, pult_day(s.expires_at) AS ed
    FROM subscriptions s JOIN subscription_plans p ON p.id = s.plan_id
    WHERE s.source = 'purchase' AND s.status <> 'canceled' AND p.price > 0
      AND (as_of IS NULL OR s.created_at <= as_of)
  ),
  members AS (
    SELECT 'month'::text AS kind, to_char(f.anchor, 'YYYY-MM') AS cohort, f.user_id, f.anchor
    FROM (SELECT owner AS user_id, min(sd) AS anchor FROM paid GROUP BY owner) f
    UNION ALL
    SELECT 'promoSeries', c.series_id::text, c.activated_by, min(pult_day(c.activated_at))
    FROM promo_codes c WHERE c.activated_by IS NOT NULL AND c.activated_at IS NOT NULL
      AND (as_of IS NULL OR c.activated_at <= as_of)
    GROUP BY c.series_id, c.activated_by
  ),
  -- Each member's ages at which a paid subscription runs past the mark, as bits 0-12.
  covered AS (
    SELECT m.kind, m.cohort, m.user_id, bit_or(1 << a.age) AS mask
    FROM members m JOIN paid p ON p.owner = m.user_id
    CROSS JOIN generate_series(0, 12) AS a(age)
    WHERE p.sd <= m.anchor + 30 * a.age AND (p.ed IS NULL OR p.ed > m.anchor + 30 * a.age)
    GROUP BY m.kind, m.cohort, m.user_id
  ),
  -- Revenue by the age in whole 30-day months at which it came (12: twelve or more).
  earned AS (
    SELECT m.kind, m.cohort, m.anchor, least((pult_day(t.created_at) - m.anchor) / 30, 12) AS bucket,
      sum(t.amount)::bigint AS amount,
      coalesce(sum(t.amount) FILTER (WHERE t.kind <> 'refund' AND t.status = 'succeeded'), 0)::bigint AS rewritten
    FROM members m JOIN transactions t ON t.user_id = m.user_id
    WHERE pult_day(t.created_at) >= m.anchor AND (as_of IS NULL OR t.created_at <= as_of)
      AND ((t.kind IN ('purchase', 'renewal') AND t.status IN ('succeeded', 'refunded'))
        OR (t.kind = 'refund' AND t.status = 'succeeded'))
    GROUP BY 1, 2, 3, 4
  ),
  grid AS (
    SELECT m.kind, m.cohort, m.anchor, a.age, count(*) AS members,
      count(*) FILTER (WHERE coalesce(c.mask, 0) & (1 << a.age) <> 0) AS retained
    FROM members m LEFT JOIN covered c ON c.kind = m.kind AND c.cohort = m.cohort AND c.user_id = m.user_id
    CROSS JOIN generate_series(0, 12) AS a(age)
    GROUP BY m.kind, m.cohort, m.anchor, a.age
  )
  SELECT g.kind, g.cohort, g.anchor, g.age, g.members, g.retained, coalesce(sum(e.amount), 0)::bigint,
    coalesce(sum(e.rewritten), 0)::bigint
  FROM grid g LEFT JOIN earned e
    ON e.kind = g.kind AND e.cohort = g.cohort AND e.anchor = g.anchor AND (g.age = 0 OR e.bucket < g.age)
  GROUP BY g.kind, g.cohort, g.anchor, g.age, g.members, g.retained
$$;
