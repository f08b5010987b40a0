-- Granting a subscription and redeeming a promo code, as database functions (docs/decisions/0009).
-- Redemption must sustain 500 per second on two cores: as one call it is one round trip and one
-- implicit transaction, and PL/pgSQL keeps each statement's plan for the connection's lifetime.
-- Errors the API answers with are raised with SQLSTATE PU404 / PU409 and an English message.

CREATE FUNCTION pult_iso(t timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
--> statement-breakpoint

-- What both functions answer: the subscription granted or extended, its plan's title, and which it was.
CREATE TYPE pult_granted AS (
  id integer, owner integer, plan_id integer, status text, source text, started_at timestamptz,
  expires_at timestamptz, auto_renew boolean, created_at timestamptz, plan_title text, extended boolean
);
--> statement-breakpoint

-- Starts the user's subscription to the plan, or extends the live one from its current expiry, and
-- writes a zero-amount `grant` transaction and the audit event. p_days null = the plan's duration.
CREATE FUNCTION pult_grant_subscription(
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
    RAISE EXCEPTION 'User not found' USING ERRCODE = 'PU404';
  END IF;
  IF v_user_status = 'deleted' THEN
    RAISE EXCEPTION 'The user is deleted; restore the account first' USING ERRCODE = 'PU409';
  END IF;
  SELECT * INTO v_plan FROM subscription_plans p WHERE p.id = p_plan;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Plan not found' USING ERRCODE = 'PU404';
  END IF;
  IF NOT v_plan.enabled THEN
    RAISE EXCEPTION 'The plan is disabled; enable it before granting' USING ERRCODE = 'PU409';
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

-- A planner user redeems a code (the planner app's redemption): one conditional UPDATE claims it only if it is new
-- and its series is enabled and within its dates, so of two concurrent redemptions exactly one wins.
-- Only a refused code pays for a second read, to say why.
CREATE FUNCTION pult_activate_promo_code(
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
      RAISE EXCEPTION 'Promo code not found' USING ERRCODE = 'PU404';
    ELSIF v_found.code_status = 'blocked' THEN
      RAISE EXCEPTION 'This promo code is blocked' USING ERRCODE = 'PU409';
    ELSIF v_found.code_status = 'new' AND v_found.series_status <> 'enabled' THEN
      RAISE EXCEPTION 'This promo campaign is not active' USING ERRCODE = 'PU409';
    ELSIF v_found.code_status = 'new' AND v_found.starts_at > p_now THEN
      RAISE EXCEPTION 'This promo campaign has not started yet' USING ERRCODE = 'PU409';
    ELSIF v_found.code_status = 'new' AND v_found.ends_at <= p_now THEN
      RAISE EXCEPTION 'This promo campaign has ended' USING ERRCODE = 'PU409';
    END IF;
    -- Used, or claimed by a concurrent redemption between our attempt and this read.
    RAISE EXCEPTION 'This promo code has already been used' USING ERRCODE = 'PU409';
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
