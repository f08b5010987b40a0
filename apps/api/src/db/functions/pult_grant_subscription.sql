-- Grants one subscription: starts the user's subscription to the plan, or extends the live one
-- (active, not expired) from its current expiry, and writes a zero-amount `grant` transaction and the audit
-- event (grant-subscription / extend-subscription). p_days null = the plan's duration. Answers the
-- subscription as pult_granted. Used by an admin's grant (`subscribe-by-admin`) and by redemption batches
-- smaller than six (pult_redeem_promo_codes); pult_grant_subscriptions is its set form, held to the same
-- answers by test/promo-codes/grant-sets.test.ts.
--
-- Why in the database (decision 0009): one round trip and one implicit transaction per grant, with
-- PL/pgSQL keeping each statement's plan for the connection. Refusals are raised as SQLSTATE PU404/PU409
-- with the API's error code in HINT (USER_NOT_FOUND, USER_DELETED, PLAN_NOT_FOUND, PLAN_DISABLED); the
-- API turns them into HTTP errors through one table, lib/pg-errors.ts (decision 0014).
--
-- p_request: the API request's id (X-Request-Id), kept on the audit event as request.audit keeps it.
--
-- Defined in migration 0005; last changed in 0008 (the HINT codes), 0030 (p_request) and 0052 (the live subscription found through its owner only).
CREATE OR REPLACE FUNCTION pult_grant_subscription(
  p_user integer, p_plan integer, p_source text, p_provider text, p_days integer,
  p_now timestamptz, p_actor integer, p_ip inet, p_request text DEFAULT NULL
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
  -- "plan_id + 0": through the owner's entries only, never the plan's index (pult_grant_subscriptions says why).
  SELECT * INTO v_live FROM subscriptions s
  WHERE s.owner = p_user AND s.plan_id + 0 = v_plan.id AND s.status = 'active'
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

  INSERT INTO audit_events (actor_id, action, entity, entity_id, before, after, ip, at, request_id)
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
    p_now,
    p_request
  );

  RETURN QUERY SELECT v_sub.id, v_sub.owner, v_sub.plan_id, v_sub.status, v_sub.source, v_sub.started_at,
    v_sub.expires_at, v_sub.auto_renew, v_sub.created_at, v_plan.title, v_live.id IS NOT NULL;
END
$$;
