-- Written by `npm run db:routines` from apps/api/src/db/functions (docs/decisions/0031): pult_cohort_cells.
-- The files are the source; change them, not this migration, and run the script again.
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
  -- NOT MATERIALIZED: read where it is used, so the planner estimates the members from the tables'
  -- statistics. Materialized, it guessed 400 members for 550 k (1 M users) and read each member's
  -- payments by a nested loop of index probes: 50-53 s, against 28 s with hash joins.
  WITH paid AS NOT MATERIALIZED (
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
  -- Each member's ages at which a paid subscription runs past the mark, as bits 0-12 (0 when none). A
  -- subscription runs past mark k (anchor + 30 k) for every k from lo to hi, a range computed per row:
  -- sd <= anchor + 30 k gives lo = ceil((sd - anchor) / 30), at least 0; ed > anchor + 30 k gives
  -- hi = floor((ed - anchor - 1) / 30), at most 12 (the divisions are of positive integers, where
  -- SQL's integer division is floor). Its bits are 2^(hi + 1) - 2^lo. Issue 37 (target 6): a row
  -- per member, subscription and age (13 per pair) made this step and the next over half of the grid's
  -- time at 10 M users.
  covered AS (
    SELECT kind, cohort, anchor, coalesce(bit_or((1 << (hi + 1)) - (1 << lo)) FILTER (WHERE lo <= hi), 0) AS mask
    FROM (
      SELECT m.kind, m.cohort, m.user_id, m.anchor,
        CASE WHEN p.sd <= m.anchor THEN 0 ELSE (p.sd - m.anchor + 29) / 30 END AS lo,
        CASE WHEN p.ed IS NULL THEN 12 WHEN p.ed <= m.anchor THEN -1 ELSE least((p.ed - m.anchor - 1) / 30, 12) END AS hi
      FROM members m LEFT JOIN paid p ON p.owner = m.user_id
    ) ranges
    GROUP BY kind, cohort, user_id, anchor
  ),
  -- Members by cohort, anchor and mask: a few shapes per anchor day, so the ages are counted over
  -- those shapes rather than over every member.
  shapes AS (
    SELECT kind, cohort, anchor, mask, count(*) AS n FROM covered GROUP BY kind, cohort, anchor, mask
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
    SELECT s.kind, s.cohort, s.anchor, a.age, sum(s.n)::bigint AS members,
      coalesce(sum(s.n) FILTER (WHERE s.mask & (1 << a.age) <> 0), 0)::bigint AS retained
    FROM shapes s CROSS JOIN generate_series(0, 12) AS a(age)
    GROUP BY s.kind, s.cohort, s.anchor, a.age
  )
  SELECT g.kind, g.cohort, g.anchor, g.age, g.members, g.retained, coalesce(sum(e.amount), 0)::bigint,
    coalesce(sum(e.rewritten), 0)::bigint
  FROM grid g LEFT JOIN earned e
    ON e.kind = g.kind AND e.cohort = g.cohort AND e.anchor = g.anchor AND (g.age = 0 OR e.bucket < g.age)
  GROUP BY g.kind, g.cohort, g.anchor, g.age, g.members, g.retained
$$;
