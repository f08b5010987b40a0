-- Rules in the database (docs/decisions/0014): every status-like column accepts only its listed values,
-- and the invariants the API checks hold whoever writes the row (a script, psql, a future module).
--
-- Drizzle runs all pending migrations in ONE transaction, so every lock taken here lasts until the
-- commit, and CREATE INDEX CONCURRENTLY is not allowed. Hence the order:
--   1. the new foreign-key indexes first: CREATE INDEX takes a SHARE lock (reads go on, writes wait);
--   2. one ALTER TABLE per table, so a table's new checks cost one scan, not one each. On the big
--      tables they are added NOT VALID: that only records them (new and updated rows are checked from
--      the commit on) and holds the ACCESS EXCLUSIVE lock for milliseconds instead of a 10 M-row scan.
--      The existing rows are validated after the migration, outside its transaction, by
--      validatePendingConstraints (db/validate-constraints.ts): VALIDATE CONSTRAINT takes a SHARE
--      UPDATE EXCLUSIVE lock, which blocks neither reads nor writes;
--   3. the two functions again, raising each refusal with its stable error code in HINT.
CREATE INDEX "transactions_plan_idx" ON "transactions" USING btree ("plan_id");
--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id");
--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "promo_series_plan_idx" ON "promo_series" USING btree ("plan_id");
--> statement-breakpoint
CREATE INDEX "promo_series_created_by_idx" ON "promo_series" USING btree ("created_by");
--> statement-breakpoint
ALTER TABLE "subscription_plans"
  ADD CONSTRAINT "subscription_plans_title_check" CHECK (btrim("subscription_plans"."title") <> ''),
  ADD CONSTRAINT "subscription_plans_currency_check" CHECK ("subscription_plans"."currency" IN ('RUB')),
  ADD CONSTRAINT "subscription_plans_period_check" CHECK ("subscription_plans"."period" IN ('month', 'year', 'lifetime')),
  ADD CONSTRAINT "subscription_plans_duration_check" CHECK (CASE "subscription_plans"."period" WHEN 'month' THEN "subscription_plans"."duration_days" BETWEEN 28 AND 31
        WHEN 'year' THEN "subscription_plans"."duration_days" BETWEEN 365 AND 366
        WHEN 'lifetime' THEN "subscription_plans"."duration_days" = 36500 ELSE true END),
  ADD CONSTRAINT "subscription_plans_sort_order_check" CHECK ("subscription_plans"."sort_order" >= 0),
  ADD CONSTRAINT "subscription_plans_features_check" CHECK (jsonb_typeof("subscription_plans"."features") = 'array');
--> statement-breakpoint
ALTER TABLE "promo_series"
  ADD CONSTRAINT "promo_series_status_check" CHECK ("promo_series"."status" IN ('enabled', 'disabled')),
  ADD CONSTRAINT "promo_series_generation_status_check" CHECK ("promo_series"."generation_status" IN ('pending', 'running', 'done', 'failed')),
  ADD CONSTRAINT "promo_series_name_check" CHECK (btrim("promo_series"."name") <> ''),
  ADD CONSTRAINT "promo_series_prefix_check" CHECK ("promo_series"."prefix" ~ '^[A-Z0-9-]*$' AND length("promo_series"."prefix") <= 10),
  ADD CONSTRAINT "promo_series_code_length_check" CHECK ("promo_series"."code_length" BETWEEN 2 AND 32),
  ADD CONSTRAINT "promo_series_codes_count_check" CHECK ("promo_series"."codes_count" BETWEEN 1 AND 10000000),
  ADD CONSTRAINT "promo_series_generated_check" CHECK ("promo_series"."generated" BETWEEN 0 AND "promo_series"."codes_count"),
  ADD CONSTRAINT "promo_series_duration_check" CHECK ("promo_series"."duration_days" BETWEEN 1 AND 3650),
  ADD CONSTRAINT "promo_series_dates_check" CHECK ("promo_series"."ends_at" > "promo_series"."starts_at"),
  ADD CONSTRAINT "promo_series_failure_check" CHECK ("promo_series"."generation_status" <> 'failed' OR "promo_series"."generation_error" IS NOT NULL),
  ADD CONSTRAINT "promo_series_theme_check" CHECK (jsonb_typeof("promo_series"."theme") = 'object');
--> statement-breakpoint
ALTER TABLE "promo_series_counters"
  ADD CONSTRAINT "promo_series_counters_shard_check" CHECK ("promo_series_counters"."shard" >= 0);
--> statement-breakpoint
ALTER TABLE "session_tokens"
  ADD CONSTRAINT "session_tokens_kind_check" CHECK ("session_tokens"."kind" IN ('access', 'refresh'));
--> statement-breakpoint
ALTER TABLE "sessions"
  ADD CONSTRAINT "sessions_expiry_check" CHECK ("sessions"."expires_at" > "sessions"."created_at"),
  ADD CONSTRAINT "sessions_revoked_check" CHECK ("sessions"."revoked_reason" IS NULL OR "sessions"."revoked_at" IS NOT NULL);
--> statement-breakpoint
ALTER TABLE "rate_limits"
  ADD CONSTRAINT "rate_limits_count_check" CHECK ("rate_limits"."count" >= 0);
--> statement-breakpoint
ALTER TABLE "audit_events"
  ADD CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" ~ '^[a-z][a-z0-9]*(-[a-z0-9]+)*$') NOT VALID,
  ADD CONSTRAINT "audit_events_entity_check" CHECK ("audit_events"."entity" ~ '^[a-z][a-z0-9]*(-[a-z0-9]+)*$') NOT VALID;
--> statement-breakpoint
ALTER TABLE "users"
  ADD CONSTRAINT "users_role_check" CHECK ("users"."role" IN ('user', 'editor', 'admin')) NOT VALID,
  ADD CONSTRAINT "users_status_check" CHECK ("users"."status" IN ('active', 'blocked', 'deleted')) NOT VALID,
  ADD CONSTRAINT "users_email_check" CHECK ("users"."email" = lower("users"."email") AND "users"."email" LIKE '_%@_%') NOT VALID;
--> statement-breakpoint
ALTER TABLE "subscriptions"
  ADD CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" IN ('active', 'expired', 'canceled')) NOT VALID,
  ADD CONSTRAINT "subscriptions_source_check" CHECK ("subscriptions"."source" IN ('purchase', 'promo', 'admin')) NOT VALID,
  ADD CONSTRAINT "subscriptions_period_check" CHECK ("subscriptions"."expires_at" IS NULL OR "subscriptions"."expires_at" >= "subscriptions"."started_at") NOT VALID;
--> statement-breakpoint
ALTER TABLE "transactions"
  ADD CONSTRAINT "transactions_status_check" CHECK ("transactions"."status" IN ('pending', 'succeeded', 'failed', 'refunded', 'canceled')) NOT VALID,
  ADD CONSTRAINT "transactions_provider_check" CHECK ("transactions"."provider" IN ('yookassa', 'cloudpayments', 'appstore', 'googleplay', 'promo', 'admin')) NOT VALID,
  ADD CONSTRAINT "transactions_kind_check" CHECK ("transactions"."kind" IN ('purchase', 'renewal', 'refund', 'grant')) NOT VALID,
  ADD CONSTRAINT "transactions_currency_check" CHECK ("transactions"."currency" ~ '^[A-Z]{3}$') NOT VALID,
  ADD CONSTRAINT "transactions_amount_check" CHECK (CASE "transactions"."kind" WHEN 'refund' THEN "transactions"."amount" <= 0 WHEN 'grant' THEN "transactions"."amount" = 0
        ELSE "transactions"."amount" >= 0 END) NOT VALID;
--> statement-breakpoint
ALTER TABLE "promo_codes"
  ADD CONSTRAINT "promo_codes_status_check" CHECK ("promo_codes"."status" IN ('new', 'activated', 'blocked')) NOT VALID,
  ADD CONSTRAINT "promo_codes_value_check" CHECK ("promo_codes"."value" ~ '^[A-Z0-9-]+$' AND length("promo_codes"."value") BETWEEN 2 AND 64) NOT VALID,
  ADD CONSTRAINT "promo_codes_state_check" CHECK (CASE "promo_codes"."status"
        WHEN 'new' THEN "promo_codes"."activated_at" IS NULL AND "promo_codes"."activated_by" IS NULL AND "promo_codes"."blocked_at" IS NULL
        WHEN 'activated' THEN "promo_codes"."activated_at" IS NOT NULL AND "promo_codes"."blocked_at" IS NULL
        WHEN 'blocked' THEN "promo_codes"."blocked_at" IS NOT NULL ELSE true END) NOT VALID;
--> statement-breakpoint
-- The functions of 0005 unchanged but for the HINT each refusal carries: the stable error code the API
-- answers with (lib/pg-errors.ts), so no one matches the English message.
-- Starts the user's subscription to the plan, or extends the live one from its current expiry, and
-- writes a zero-amount `grant` transaction and the audit event. p_days null = the plan's duration.
CREATE OR REPLACE FUNCTION pult_grant_subscription(
  p_user integer, p_plan integer, p_source text, p_provider text, p_days integer,
  p_now timestamptz, p_actor integer, p_ip inet
) RETURNS SETOF pult_granted LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_user_status text;
  v_plan subscription_plans%ROWTYPE;
  v_live subscriptions%ROWTYPE;
  v_sub subscriptions%ROWTYPE;
  v_days integer;
  v_payment integer;
BEGIN
  -- The user's row lock serialises grants to one user, so two extensions both count. NO KEY UPDATE,
  -- not UPDATE: it does not conflict with the KEY SHARE that foreign-key checks take (a redemption's
  -- `activated_by` takes one first), so two redemptions by one user queue here instead of deadlocking.
  SELECT u.status INTO v_user_status FROM users u WHERE u.id = p_user FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'User not found' USING ERRCODE = 'PU404', HINT = 'USER_NOT_FOUND';
  END IF;
  IF v_user_status = 'deleted' THEN
    RAISE EXCEPTION 'The user is deleted; restore the account first' USING ERRCODE = 'PU409', HINT = 'USER_DELETED';
  END IF;
  SELECT * INTO v_plan FROM subscription_plans p WHERE p.id = p_plan;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Plan not found' USING ERRCODE = 'PU404', HINT = 'PLAN_NOT_FOUND';
  END IF;
  IF NOT v_plan.enabled THEN
    RAISE EXCEPTION 'The plan is disabled; enable it before granting' USING ERRCODE = 'PU409', HINT = 'PLAN_DISABLED';
  END IF;
  v_days := coalesce(p_days, v_plan.duration_days);

  -- A volatile function takes a fresh snapshot per statement (in READ COMMITTED, the API's isolation
  -- level): after the lock, this read sees what an earlier grant to the same user committed. Every
  -- writer of a user's subscriptions takes the same lock, so the row read here is still live below.
  SELECT * INTO v_live FROM subscriptions s
  WHERE s.owner = p_user AND s.plan_id = v_plan.id AND s.status = 'active'
    AND (s.expires_at IS NULL OR s.expires_at > p_now)
  ORDER BY s.expires_at DESC NULLS FIRST
  LIMIT 1;
  IF v_live.id IS NOT NULL THEN
    -- A lifetime subscription (no expiry) has nothing to extend: null + interval stays null.
    UPDATE subscriptions s SET expires_at = s.expires_at + make_interval(hours => 24 * v_days)
    WHERE s.id = v_live.id
    RETURNING * INTO v_sub;
  ELSE
    INSERT INTO subscriptions (owner, plan_id, status, source, started_at, expires_at, created_at)
    VALUES (
      p_user, v_plan.id, 'active', p_source, p_now,
      CASE WHEN v_plan.period = 'lifetime' THEN NULL ELSE p_now + make_interval(hours => 24 * v_days) END,
      p_now
    )
    RETURNING * INTO v_sub;
  END IF;

  INSERT INTO transactions (user_id, plan_id, amount, currency, status, provider, kind, created_at)
  VALUES (p_user, v_plan.id, 0, v_plan.currency, 'succeeded', p_provider, 'grant', p_now)
  RETURNING transactions.id INTO v_payment;

  INSERT INTO audit_events (actor_id, action, entity, entity_id, before, after, ip, at)
  VALUES (
    p_actor,
    CASE WHEN v_live.id IS NULL THEN 'grant-subscription' ELSE 'extend-subscription' END,
    'subscription',
    v_sub.id::text,
    CASE WHEN v_live.id IS NULL THEN NULL ELSE jsonb_build_object('expiresAt', pult_iso(v_live.expires_at)) END,
    jsonb_build_object(
      'owner', p_user, 'planId', v_plan.id, 'expiresAt', pult_iso(v_sub.expires_at), 'transactionId', v_payment
    ),
    p_ip,
    p_now
  );

  RETURN QUERY SELECT v_sub.id, v_sub.owner, v_sub.plan_id, v_sub.status, v_sub.source, v_sub.started_at,
    v_sub.expires_at, v_sub.auto_renew, v_sub.created_at, v_plan.title, v_live.id IS NOT NULL;
END
$$;
--> statement-breakpoint

-- A planner user redeems a code: one conditional UPDATE claims it only if it is new
-- and its series is enabled and within its dates, so of two concurrent redemptions exactly one wins.
-- Only a refused code pays for a second read, to say why.
CREATE OR REPLACE FUNCTION pult_activate_promo_code(
  p_value text, p_user integer, p_now timestamptz, p_shard integer, p_ip inet
) RETURNS SETOF pult_granted LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_claimed record;
  v_found record;
BEGIN
  UPDATE promo_codes c SET status = 'activated', activated_by = p_user, activated_at = p_now
  FROM promo_series s
  WHERE c.value = p_value AND c.status = 'new' AND s.id = c.series_id AND s.status = 'enabled'
    AND (s.starts_at IS NULL OR s.starts_at <= p_now) AND (s.ends_at IS NULL OR s.ends_at > p_now)
  RETURNING c.series_id, s.plan_id, s.duration_days INTO v_claimed;

  IF NOT FOUND THEN
    SELECT c.status AS code_status, s.status AS series_status, s.starts_at, s.ends_at INTO v_found
    FROM promo_codes c JOIN promo_series s ON s.id = c.series_id
    WHERE c.value = p_value;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'Promo code not found' USING ERRCODE = 'PU404', HINT = 'CODE_NOT_FOUND';
    ELSIF v_found.code_status = 'blocked' THEN
      RAISE EXCEPTION 'This promo code is blocked' USING ERRCODE = 'PU409', HINT = 'CODE_BLOCKED';
    ELSIF v_found.code_status = 'new' AND v_found.series_status <> 'enabled' THEN
      RAISE EXCEPTION 'This promo campaign is not active' USING ERRCODE = 'PU409', HINT = 'SERIES_INACTIVE';
    ELSIF v_found.code_status = 'new' AND v_found.starts_at > p_now THEN
      RAISE EXCEPTION 'This promo campaign has not started yet' USING ERRCODE = 'PU409', HINT = 'SERIES_NOT_STARTED';
    ELSIF v_found.code_status = 'new' AND v_found.ends_at <= p_now THEN
      RAISE EXCEPTION 'This promo campaign has ended' USING ERRCODE = 'PU409', HINT = 'SERIES_ENDED';
    END IF;
    -- Used, or claimed by a concurrent redemption between our attempt and this read.
    RAISE EXCEPTION 'This promo code has already been used' USING ERRCODE = 'PU409', HINT = 'CODE_USED';
  END IF;

  -- Sharded counter: concurrent redemptions of one series do not queue on one row.
  INSERT INTO promo_series_counters (series_id, shard, activated, blocked)
  VALUES (v_claimed.series_id, p_shard, 1, 0)
  ON CONFLICT (series_id, shard) DO UPDATE SET activated = promo_series_counters.activated + 1;

  RETURN QUERY SELECT * FROM pult_grant_subscription(
    p_user, v_claimed.plan_id, 'promo', 'promo', v_claimed.duration_days, p_now, p_user, p_ip
  );
END
$$;
