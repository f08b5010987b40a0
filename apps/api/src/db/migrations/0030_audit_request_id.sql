-- The request an audit row was written by (X-Request-Id, as on the request's log lines); null for rows
-- written outside a request and for every row before this migration. The column is metadata only; the
-- check is added NOT VALID and proven after the migration without blocking writes (validate-constraints.ts).
-- The grant routines write the id on the audit events they make: the statements after the column are
-- what `npm run db:routines` wrote from apps/api/src/db/functions (docs/decisions/0031) for
-- pult_grant_subscription (a p_request argument), pult_grant_subscriptions and pult_redeem_promo_codes
-- ("requestId" in their JSON items); the files are the source.
ALTER TABLE "audit_events" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_request_id_check" CHECK ("audit_events"."request_id" ~ '^[A-Za-z0-9._:-]{1,128}$') NOT VALID;--> statement-breakpoint
DROP FUNCTION pult_grant_subscription(integer,integer,text,text,integer,timestamp with time zone,integer,inet);
--> statement-breakpoint
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
-- Defined in migration 0005; last changed in 0008 (the HINT codes) and 0030 (p_request).
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
--> statement-breakpoint
-- Grants in one go, the set form of pult_grant_subscription (migration 0026, decision 0028): the
-- same rules for a list of grants, in one statement, so each table is written once and its statement
-- triggers run once. p_grants: a JSON array, each {"user", "plan", "days" (null: the plan's), "at",
-- "actor", "ip", "source", "provider", "requestId" (the API request's, for the audit event; may be absent)}. Each grant is answered in its own row (item: its place in the
-- array, from 1): the subscription as pult_granted, or the refusal (code, message, hint) the single grant
-- raises: unknown or deleted user, unknown or disabled plan. A refused grant writes nothing; the others
-- are written. Grants of one plan to one user apply in array order: the first creates the subscription (or
-- extends the live one) and every later one extends it again, as one grant after another did.
-- test/promo-codes/grant-sets.test.ts runs random lists through both forms and requires the same rows and
-- answers. For a handful of grants the single form is cheaper (about 0.55 ms against 0.85 ms for one).
CREATE OR REPLACE FUNCTION pult_grant_subscriptions(p_grants jsonb)
RETURNS TABLE (item integer, granted pult_granted, error_code text, error_message text, error_hint text)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  -- The users' row locks serialise grants to one user (every writer of a user's subscriptions takes
  -- it), in ascending id so two callers never wait on each other in a cycle. NO KEY UPDATE does not
  -- conflict with the KEY SHARE of foreign-key checks (a claimed code's `activated_by`).
  PERFORM 1 FROM users u
  WHERE u.id = ANY (ARRAY(SELECT (g.value ->> 'user')::integer FROM jsonb_array_elements(p_grants) AS g))
  ORDER BY u.id
  FOR NO KEY UPDATE;

  -- One statement, so each table is written once and its statement triggers run once. A volatile
  -- function's statement takes a fresh snapshot: it sees what was committed before the locks above.
  RETURN QUERY
  WITH asked AS (
    SELECT g.n::integer AS n, (g.v ->> 'user')::integer AS user_id, (g.v ->> 'plan')::integer AS plan_id,
      (g.v ->> 'days')::integer AS days, (g.v ->> 'at')::timestamptz AS at, (g.v ->> 'actor')::integer AS actor,
      (g.v ->> 'ip')::inet AS ip, g.v ->> 'source' AS source, g.v ->> 'provider' AS provider,
      g.v ->> 'requestId' AS request_id
    FROM jsonb_array_elements(p_grants) WITH ORDINALITY AS g(v, n)
  ),
  checked AS (
    SELECT a.*, coalesce(a.days, p.duration_days) AS grant_days, p.title, p.currency, p.period,
      CASE
        WHEN u.status IS NULL THEN ARRAY['PU404', 'User not found', 'USER_NOT_FOUND']
        WHEN u.status = 'deleted'
          THEN ARRAY['PU409', 'The user is deleted; restore the account first', 'USER_DELETED']
        WHEN p.id IS NULL THEN ARRAY['PU404', 'Plan not found', 'PLAN_NOT_FOUND']
        WHEN NOT p.enabled THEN ARRAY['PU409', 'The plan is disabled; enable it before granting', 'PLAN_DISABLED']
      END AS refusal
    -- One index probe per grant: OFFSET 0 keeps the lateral subquery from being turned into a join,
    -- which would be planned for the hundred rows PostgreSQL guesses for a JSON array, as a scan of
    -- every user.
    FROM asked a
    LEFT JOIN LATERAL (SELECT x.status FROM users x WHERE x.id = a.user_id OFFSET 0) AS u ON true
    LEFT JOIN subscription_plans p ON p.id = a.plan_id
  ),
  -- The grants that go ahead, as steps of one chain per user and plan.
  steps AS (
    SELECT c.*, row_number() OVER chain AS step, first_value(c.at) OVER chain AS first_at,
      first_value(c.source) OVER chain AS first_source,
      sum(c.grant_days) OVER chain AS days_through,
      sum(c.grant_days) OVER (PARTITION BY c.user_id, c.plan_id) AS days_total
    FROM checked c
    WHERE c.refusal IS NULL
    WINDOW chain AS (PARTITION BY c.user_id, c.plan_id ORDER BY c.n)
  ),
  -- Each chain's live subscription, read as the first grant of the chain would have read it.
  chains AS (
    SELECT s.user_id, s.plan_id, s.first_at, s.first_source, s.days_total, s.period, l.id AS live_id,
      l.expires_at AS live_expires
    FROM steps s
    LEFT JOIN LATERAL (
      SELECT x.id, x.expires_at FROM subscriptions x
      WHERE x.owner = s.user_id AND x.plan_id = s.plan_id AND x.status = 'active'
        AND (x.expires_at IS NULL OR x.expires_at > s.first_at)
      ORDER BY x.expires_at DESC NULLS FIRST
      LIMIT 1
    ) AS l ON true
    WHERE s.step = 1
  ),
  -- A lifetime subscription (no expiry) has nothing to extend: null + interval stays null.
  extended AS (
    UPDATE subscriptions x SET expires_at = x.expires_at + make_interval(hours => 24 * c.days_total::integer)
    FROM chains c
    WHERE x.id = c.live_id
    RETURNING x.*
  ),
  created AS (
    INSERT INTO subscriptions (owner, plan_id, status, source, started_at, expires_at, created_at)
    SELECT c.user_id, c.plan_id, 'active', c.first_source, c.first_at,
      CASE WHEN c.period = 'lifetime' THEN NULL
        ELSE c.first_at + make_interval(hours => 24 * c.days_total::integer) END,
      c.first_at
    FROM chains c
    WHERE c.live_id IS NULL
    ORDER BY c.user_id, c.plan_id
    RETURNING subscriptions.*
  ),
  written AS (SELECT * FROM extended UNION ALL SELECT * FROM created),
  -- Each step's payment id, taken in list order (PostgreSQL evaluates a volatile function after the
  -- sort), so the ids follow the grants as one grant after another did.
  numbered AS (
    SELECT s.n, nextval(pg_get_serial_sequence('transactions', 'id'))::integer AS transaction_id
    FROM steps s
    ORDER BY s.n
  ),
  -- Each step's expiry before and after it, and its payment (which the audit event names).
  granted_steps AS (
    SELECT s.n, s.user_id, s.plan_id, s.at, s.actor, s.ip, s.request_id, s.provider, s.currency, s.title,
      w.id AS sub_id, w.status AS sub_status, w.source AS sub_source, w.started_at, w.auto_renew,
      w.created_at AS sub_created,
      c.live_id IS NOT NULL OR s.step > 1 AS is_extension,
      CASE
        WHEN c.live_id IS NOT NULL
          THEN c.live_expires + make_interval(hours => 24 * (s.days_through - s.grant_days)::integer)
        WHEN s.period <> 'lifetime'
          THEN s.first_at + make_interval(hours => 24 * (s.days_through - s.grant_days)::integer)
      END AS expires_before,
      CASE
        WHEN c.live_id IS NOT NULL THEN c.live_expires + make_interval(hours => 24 * s.days_through::integer)
        WHEN s.period <> 'lifetime' THEN s.first_at + make_interval(hours => 24 * s.days_through::integer)
      END AS expires_after,
      p.transaction_id
    FROM steps s
    JOIN numbered p ON p.n = s.n
    JOIN chains c ON c.user_id = s.user_id AND c.plan_id = s.plan_id
    JOIN written w ON w.owner = s.user_id AND w.plan_id = s.plan_id
  ),
  paid AS (
    INSERT INTO transactions (id, user_id, plan_id, amount, currency, status, provider, kind, created_at)
    SELECT g.transaction_id, g.user_id, g.plan_id, 0, g.currency, 'succeeded', g.provider, 'grant', g.at
    FROM granted_steps g
    ORDER BY g.n
    RETURNING transactions.id
  ),
  audited AS (
    INSERT INTO audit_events (actor_id, action, entity, entity_id, before, after, ip, at, request_id)
    SELECT g.actor, CASE WHEN g.is_extension THEN 'extend-subscription' ELSE 'grant-subscription' END,
      'subscription', g.sub_id::text,
      CASE WHEN g.is_extension THEN jsonb_build_object('expiresAt', pult_iso(g.expires_before)) END,
      jsonb_build_object('owner', g.user_id, 'planId', g.plan_id, 'expiresAt', pult_iso(g.expires_after),
        'transactionId', g.transaction_id),
      g.ip, g.at, g.request_id
    FROM granted_steps g
    ORDER BY g.n
    RETURNING audit_events.id
  )
  SELECT g.n, ROW(g.sub_id, g.user_id, g.plan_id, g.sub_status, g.sub_source, g.started_at, g.expires_after,
      g.auto_renew, g.sub_created, g.title, g.is_extension)::pult_granted, NULL::text, NULL::text, NULL::text
  FROM granted_steps g
  UNION ALL
  SELECT c.n, NULL::pult_granted, c.refusal[1], c.refusal[2], c.refusal[3]
  FROM checked c
  WHERE c.refusal IS NOT NULL
  ORDER BY 1;
END
$$;
--> statement-breakpoint
-- Redeems a batch of promo codes, at most 32 (docs/decisions/0027, 0028). The API's redemption
-- queue (modules/promo-codes/redemption/redemption-repository.ts) collects the redemptions that arrive while a batch
-- is running and sends them together. p_items: a JSON array, each {"value", "user", "at", "ip",
-- "requestId" (its audit event's; may be absent), "userKey", "ipKey", "perUser", "perIp", "windowMs"}; p_shard: the counter shard of the batch. results:
-- an array in the same order, each {"retryAfter": s} (a limit refused it; no code was looked at),
-- {"granted": pult_granted as JSON} or {"error": {"code", "message", "hint"}} (the refusal; hint is the
-- API's error code, mapped to the answer in lib/pg-errors.ts).
--
--   1. Every attempt is reserved against both of its limits (per account, per address; the limiter's
--      rule is pult_reserve_attempts) and COMMITTED, without waiting for the flush, before any code is
--      looked at: parallel guesses cannot slip past, and a refused claim counts.
--   2. The batch's codes are locked in id order (as a bulk block locks them). From six pending
--      redemptions up, one UPDATE claims every code and one call of pult_grant_subscriptions grants them
--      (each table written once, its statement triggers run once); if any grant is refused or anything
--      fails, that subtransaction is rolled back and the batch goes one by one: each claim and grant in
--      a subtransaction of its own, users in ascending id order. Smaller batches go one by one from the
--      start (the set statements cost more to start than they save on a few). The series counters are
--      bumped last, one row per series. Codes, then users, then counters, each in one order: two
--      batches, or a batch and a bulk block, wait for each other instead of deadlocking.
--   3. The successes give their attempts back (pult_release_attempts), so only failures count.
--
-- At most 32, so the subtransactions stay within the 64 PostgreSQL tracks per backend without overflowing
-- to pg_subtrans, which would slow every other snapshot. pult.last_batch says which way the session's last
-- batch went ('sets' or 'one by one: ...'), for the tests.
--
-- Defined in migration 0025; changed in 0026 (sets), 0029 (the limiter's rule in its own functions) and
-- 0030 (the request id on the audit events).
CREATE OR REPLACE PROCEDURE pult_redeem_promo_codes(p_items jsonb, p_shard integer, INOUT results jsonb DEFAULT NULL)
LANGUAGE plpgsql AS $$
DECLARE
  SETS_FROM CONSTANT integer := 6;
  v_count integer := jsonb_array_length(p_items);
  v_in_sets boolean;
  v_item jsonb;
  v_out jsonb[] := array_fill(NULL::jsonb, ARRAY[v_count]);
  v_before_sets jsonb[];
  v_pending integer[];
  v_claimed integer[];
  v_grants jsonb;
  v_answer record;
  v_limit record;
  v_at timestamptz;
  v_claim record;
  v_granted pult_granted;
  v_activated integer[] := '{}';
  v_state text;
  v_message text;
  v_hint text;
  i integer;
BEGIN
  IF v_count > 32 THEN
    RAISE EXCEPTION 'At most 32 redemptions in a batch' USING ERRCODE = '22023';
  END IF;

  -- 1. Reserve every attempt against both of its limits and commit before looking at any code, in one
  --    call of the limiter (pult_reserve_attempts): attempts 2n-1 and 2n are redemption n's, per account
  --    and per address; a redemption waits for the later of its two windows.
  PERFORM set_config('synchronous_commit', 'off', true);
  FOR v_limit IN
    SELECT (r.attempt + 1) / 2 AS n, max(r.retry_after) AS wait
    FROM pult_reserve_attempts((
      SELECT jsonb_agg(jsonb_build_object('key', k.key, 'max', k.max, 'at', e.item -> 'at',
        'windowMs', e.item -> 'windowMs') ORDER BY e.n, k.o)
      FROM jsonb_array_elements(p_items) WITH ORDINALITY AS e(item, n)
      CROSS JOIN LATERAL (VALUES (1, e.item ->> 'userKey', e.item -> 'perUser'),
                                 (2, e.item ->> 'ipKey', e.item -> 'perIp')) AS k(o, key, max)
    )) AS r
    WHERE r.retry_after > 0
    GROUP BY 1
  LOOP
    v_out[v_limit.n] := jsonb_build_object('retryAfter', v_limit.wait);
  END LOOP;
  COMMIT;

  -- 2. Claim and grant. The batch's codes are locked first, in id order (the order of a bulk block).
  v_pending := ARRAY(SELECT g.n FROM generate_subscripts(v_out, 1) AS g(n) WHERE v_out[g.n] IS NULL);
  PERFORM 1 FROM promo_codes c
  WHERE c.value = ANY (ARRAY(SELECT p_items -> (g.n - 1) ->> 'value' FROM unnest(v_pending) AS g(n)))
  ORDER BY c.id
  FOR NO KEY UPDATE;

  v_in_sets := cardinality(v_pending) >= SETS_FROM;
  IF NOT v_in_sets THEN
    PERFORM set_config('pult.last_batch', 'one by one: ' || cardinality(v_pending) || ' to claim', false);
  END IF;
  v_before_sets := v_out;
  IF v_in_sets THEN
    BEGIN
      WITH pending AS (
        SELECT g.n, p_items -> (g.n - 1) ->> 'value' AS value, (p_items -> (g.n - 1) ->> 'user')::integer AS user_id,
          (p_items -> (g.n - 1) ->> 'at')::timestamptz AS at, p_items -> (g.n - 1) ->> 'ip' AS ip,
          p_items -> (g.n - 1) ->> 'requestId' AS request_id
        FROM unnest(v_pending) AS g(n)
      ),
      offered AS (
        SELECT DISTINCT ON (p.value) p.* FROM pending p ORDER BY p.value, p.user_id, p.n
      ),
      -- The codes that can be claimed: new, of an enabled series within its dates. Each code by its
      -- value, then its series by id (OFFSET 0 keeps that order: joined freely, PostgreSQL would pair
      -- every enabled series with every redemption first).
      claimable AS (
        SELECT o.*, c.id AS code_id, c.series_id, s.plan_id, s.duration_days
        FROM offered o
        JOIN promo_codes c ON c.value = o.value AND c.status = 'new'
        JOIN LATERAL (
          SELECT x.plan_id, x.duration_days FROM promo_series x
          WHERE x.id = c.series_id AND x.status = 'enabled'
            AND (x.starts_at IS NULL OR x.starts_at <= o.at) AND (x.ends_at IS NULL OR x.ends_at > o.at)
          OFFSET 0
        ) AS s ON true
      ),
      -- The claim itself keeps its condition (status still new): exactly once, as in 0008.
      claimed AS (
        UPDATE promo_codes c SET status = 'activated', activated_by = k.user_id, activated_at = k.at
        FROM claimable k
        WHERE c.id = k.code_id AND c.status = 'new'
        RETURNING k.n, k.user_id, k.at, k.ip, k.request_id, k.series_id, k.plan_id, k.duration_days
      )
      SELECT coalesce(array_agg(c.n ORDER BY c.user_id, c.n), '{}'),
        coalesce(jsonb_agg(jsonb_build_object('user', c.user_id, 'plan', c.plan_id, 'days', c.duration_days,
          'at', c.at, 'actor', c.user_id, 'ip', c.ip, 'requestId', c.request_id, 'source', 'promo',
          'provider', 'promo') ORDER BY c.user_id, c.n), '[]'),
        coalesce(array_agg(c.series_id), '{}')
      INTO v_claimed, v_grants, v_activated
      FROM claimed c;

      IF cardinality(v_claimed) > 0 THEN
        FOR v_answer IN SELECT * FROM pult_grant_subscriptions(v_grants) LOOP
          IF v_answer.error_code IS NOT NULL THEN
            RAISE EXCEPTION 'a grant of the batch was refused' USING ERRCODE = 'PU100';
          END IF;
          v_out[v_claimed[v_answer.item]] := jsonb_build_object('granted', to_jsonb(v_answer.granted));
        END LOOP;
      END IF;

      -- Why each of the others was refused, read after the claims (a code claimed by another redemption
      -- of this batch is used by now).
      IF cardinality(v_claimed) < cardinality(v_pending) THEN
        FOR v_answer IN
          SELECT g.n, r.code, r.message, r.hint
          FROM unnest(v_pending) AS g(n)
          LEFT JOIN promo_codes c ON c.value = p_items -> (g.n - 1) ->> 'value'
          LEFT JOIN LATERAL (SELECT x.* FROM promo_series x WHERE x.id = c.series_id OFFSET 0) AS s ON true
          CROSS JOIN LATERAL pult_promo_refusal(c.status, s.status, s.starts_at, s.ends_at,
            (p_items -> (g.n - 1) ->> 'at')::timestamptz) AS r
          WHERE g.n <> ALL (v_claimed)
        LOOP
          v_out[v_answer.n] := jsonb_build_object('error',
            jsonb_build_object('code', v_answer.code, 'message', v_answer.message, 'hint', v_answer.hint));
        END LOOP;
      END IF;
      -- Which way the session's last batch went, for the tests (a fallback must not hide a broken set).
      PERFORM set_config('pult.last_batch', 'sets', false);
    EXCEPTION WHEN OTHERS THEN
      -- The subtransaction is rolled back; the variables are not.
      GET STACKED DIAGNOSTICS v_state = RETURNED_SQLSTATE, v_message = MESSAGE_TEXT;
      PERFORM set_config('pult.last_batch', 'one by one: ' || v_state || ' ' || v_message, false);
      v_out := v_before_sets;
      v_activated := '{}';
      v_in_sets := false;
    END;
  END IF;

  IF NOT v_in_sets THEN
    FOR i IN
      SELECT g.n FROM unnest(v_pending) AS g(n) ORDER BY (p_items -> (g.n - 1) ->> 'user')::integer, g.n
    LOOP
      v_item := p_items -> (i - 1);
      v_at := (v_item ->> 'at')::timestamptz;
      BEGIN
        SELECT * INTO v_claim FROM pult_claim_promo_code(v_item ->> 'value', (v_item ->> 'user')::integer, v_at);
        SELECT * INTO v_granted FROM pult_grant_subscription((v_item ->> 'user')::integer, v_claim.plan_id,
          'promo', 'promo', v_claim.duration_days, v_at, (v_item ->> 'user')::integer, (v_item ->> 'ip')::inet,
          v_item ->> 'requestId');
        v_out[i] := jsonb_build_object('granted', to_jsonb(v_granted));
        v_activated := v_activated || v_claim.series_id;
      EXCEPTION WHEN OTHERS THEN
        GET STACKED DIAGNOSTICS v_state = RETURNED_SQLSTATE, v_message = MESSAGE_TEXT, v_hint = PG_EXCEPTION_HINT;
        v_out[i] := jsonb_build_object('error',
          jsonb_build_object('code', v_state, 'message', v_message, 'hint', nullif(v_hint, '')));
      END;
    END LOOP;
  END IF;

  -- The counters last, in series order: after every user lock of this batch.
  INSERT INTO promo_series_counters AS c (series_id, shard, activated, blocked)
  SELECT a.series_id, p_shard, count(*), 0 FROM unnest(v_activated) AS a(series_id)
  GROUP BY a.series_id ORDER BY a.series_id
  ON CONFLICT (series_id, shard) DO UPDATE SET activated = c.activated + excluded.activated;
  COMMIT;

  -- 3. The successes give their attempts back (pult_release_attempts), without waiting for the flush.
  PERFORM set_config('synchronous_commit', 'off', true);
  PERFORM pult_release_attempts(ARRAY(
    SELECT k.key
    FROM generate_subscripts(v_out, 1) AS g(n)
    CROSS JOIN LATERAL (VALUES (p_items -> (g.n - 1) ->> 'userKey'), (p_items -> (g.n - 1) ->> 'ipKey')) AS k(key)
    WHERE v_out[g.n] ? 'granted'));
  COMMIT;

  results := to_jsonb(v_out);
END
$$;
