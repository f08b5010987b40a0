-- Issue 35 (decision 0038): MRR movements per customer and day, and their sums per day, kept by a
-- queue of changed owners that the dashboard's rollup job folds in (written by hand, see 0004).
CREATE TABLE mrr_movements (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day date NOT NULL,
  kind text NOT NULL CONSTRAINT mrr_movements_kind_check
    CHECK (kind IN ('new', 'expansion', 'contraction', 'churn', 'reactivation')),
  amount bigint NOT NULL CONSTRAINT mrr_movements_amount_check CHECK (amount <> 0),
  plan_id integer,
  PRIMARY KEY (user_id, day)
);
--> statement-breakpoint
-- The drill-down: one kind, a range of days, newest first, a page at a time, from the index alone
-- (a day's rows lie all over the table, in owner order).
CREATE INDEX mrr_movements_kind_day_idx ON mrr_movements (kind, day DESC, user_id) INCLUDE (amount, plan_id);
--> statement-breakpoint
CREATE TABLE mrr_daily (
  day date NOT NULL,
  kind text NOT NULL CONSTRAINT mrr_daily_kind_check
    CHECK (kind IN ('new', 'expansion', 'contraction', 'churn', 'reactivation')),
  amount bigint NOT NULL,
  customers integer NOT NULL,
  PRIMARY KEY (day, kind)
);
--> statement-breakpoint
CREATE TABLE mrr_dirty_owners (owner integer PRIMARY KEY);
--> statement-breakpoint
-- When the rollup job last stored today's figures ('today') and folded the MRR queue ('mrr'): a request
-- reads today as stored up to that instant plus the rows since, and says how fresh each figure is.
CREATE TABLE dashboard_freshness (
  name text PRIMARY KEY CONSTRAINT dashboard_freshness_name_check CHECK (name IN ('today', 'mrr')),
  as_of timestamptz NOT NULL
);
--> statement-breakpoint
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
--> statement-breakpoint
-- Statement trigger on subscriptions: queues the owners whose MRR movements may have changed (a
-- purchased subscription inserted, deleted, or changed in a column the movements read) in
-- mrr_dirty_owners, which the rollup job folds into mrr_movements and mrr_daily (migration 0037,
-- decision 0038). ON CONFLICT DO NOTHING takes no row lock, so concurrent purchases do not queue.
CREATE OR REPLACE FUNCTION pult_mark_mrr_owners() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pult_rollup_marks_off() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO mrr_dirty_owners (owner)
    SELECT DISTINCT n.owner FROM new_rows n WHERE n.source = 'purchase'
    ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO mrr_dirty_owners (owner)
    SELECT DISTINCT o.owner FROM old_rows o WHERE o.source = 'purchase'
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO mrr_dirty_owners (owner)
    SELECT DISTINCT x.owner FROM old_rows o JOIN new_rows n USING (id),
      LATERAL (VALUES (o.owner, o.source), (n.owner, n.source)) AS x(owner, source)
    WHERE x.source = 'purchase'
      AND (o.owner, o.plan_id, o.status = 'canceled', o.source, o.started_at, o.expires_at)
        IS DISTINCT FROM (n.owner, n.plan_id, n.status = 'canceled', n.source, n.started_at, n.expires_at)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Statement trigger on subscription_plans: a plan's price or period re-rates the MRR of everyone who
-- bought it (MRR reads today's plan prices, decision 0016), so every such owner is queued for the
-- rollup job (migration 0037, decision 0038), through the subscriptions' plan index.
CREATE OR REPLACE FUNCTION pult_mark_mrr_plan_owners() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pult_rollup_marks_off() THEN RETURN NULL; END IF;
  INSERT INTO mrr_dirty_owners (owner)
  SELECT DISTINCT s.owner FROM subscriptions s
  WHERE s.source = 'purchase' AND s.plan_id IN (
    SELECT n.id FROM old_rows o JOIN new_rows n USING (id)
    WHERE (o.price, o.period) IS DISTINCT FROM (n.price, n.period))
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER subscriptions_mrr_insert AFTER INSERT ON subscriptions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pult_mark_mrr_owners();
--> statement-breakpoint
CREATE TRIGGER subscriptions_mrr_update AFTER UPDATE ON subscriptions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pult_mark_mrr_owners();
--> statement-breakpoint
CREATE TRIGGER subscriptions_mrr_delete AFTER DELETE ON subscriptions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pult_mark_mrr_owners();
--> statement-breakpoint
CREATE TRIGGER subscription_plans_mrr_update AFTER UPDATE ON subscription_plans REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pult_mark_mrr_plan_owners();
--> statement-breakpoint
-- The backfill: every customer's movements from the subscriptions already there.
INSERT INTO mrr_movements (user_id, day, kind, amount, plan_id) SELECT * FROM pult_mrr_movements(NULL);
--> statement-breakpoint
INSERT INTO mrr_daily (day, kind, amount, customers)
  SELECT day, kind, sum(amount), count(*) FROM mrr_movements GROUP BY day, kind;
--> statement-breakpoint
ANALYZE mrr_movements;
--> statement-breakpoint
ANALYZE mrr_daily;
