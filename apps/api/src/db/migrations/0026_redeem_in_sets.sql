-- Redemptions in sets (issue #16 target 6, docs/decisions/0028). A batch of 0025 still ran each
-- redemption's dozen statements one after the other (the claim, the user's lock, the plan, the live
-- subscription, its update or insert, the transaction, the audit event), each in a subtransaction, and
-- the dashboard's statement triggers ran after every one of them. Here the batch claims every code in
-- one UPDATE and grants every claimed code in one statement, so each table is written once per batch
-- and its triggers run once.
--
-- pult_grant_subscriptions is the set form of pult_grant_subscription (0008): the same rules for a list
-- of grants. The single form stays for an admin's grant and for small batches, where it is cheaper
-- (one grant in the set statement costs about 0.85 ms against 0.55 ms). A test runs random lists of
-- grants through both and requires the same subscriptions, payments, audit events and answers
-- (test/promo/grant-sets.test.ts). One rule set for refusals of a code: pult_promo_refusal, used by the
-- single claim (pult_claim_promo_code) and by the batch alike.

-- Why a code that could not be claimed was refused, from what the code and its series hold now
-- (a null code status: no such code). The same order of checks as 0008.
CREATE FUNCTION pult_promo_refusal(p_code_status text, p_series_status text, p_starts timestamptz,
  p_ends timestamptz, p_now timestamptz, OUT code text, OUT message text, OUT hint text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT r[1], r[2], r[3] FROM (SELECT CASE
    WHEN p_code_status IS NULL THEN ARRAY['PU404', 'Promo code not found', 'CODE_NOT_FOUND']
    WHEN p_code_status = 'blocked' THEN ARRAY['PU409', 'This promo code is blocked', 'CODE_BLOCKED']
    WHEN p_code_status = 'new' AND p_series_status <> 'enabled'
      THEN ARRAY['PU409', 'This promo campaign is not active', 'SERIES_INACTIVE']
    WHEN p_code_status = 'new' AND p_starts > p_now
      THEN ARRAY['PU409', 'This promo campaign has not started yet', 'SERIES_NOT_STARTED']
    WHEN p_code_status = 'new' AND p_ends <= p_now THEN ARRAY['PU409', 'This promo campaign has ended', 'SERIES_ENDED']
    -- Used, or claimed by a concurrent redemption between the attempt and this read.
    ELSE ARRAY['PU409', 'This promo code has already been used', 'CODE_USED']
  END) AS refusal(r)
$$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION pult_claim_promo_code(p_value text, p_user integer, p_now timestamptz,
  OUT series_id integer, OUT plan_id integer, OUT duration_days integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_refusal record;
BEGIN
  UPDATE promo_codes c SET status = 'activated', activated_by = p_user, activated_at = p_now
  FROM promo_series s
  WHERE c.value = p_value AND c.status = 'new' AND s.id = c.series_id AND s.status = 'enabled'
    AND (s.starts_at IS NULL OR s.starts_at <= p_now) AND (s.ends_at IS NULL OR s.ends_at > p_now)
  RETURNING c.series_id, s.plan_id, s.duration_days INTO series_id, plan_id, duration_days;

  IF NOT FOUND THEN
    SELECT r.* INTO v_refusal
    FROM (SELECT 1) AS one
    LEFT JOIN promo_codes c ON c.value = p_value
    LEFT JOIN promo_series s ON s.id = c.series_id
    CROSS JOIN LATERAL pult_promo_refusal(c.status, s.status, s.starts_at, s.ends_at, p_now) AS r;
    RAISE EXCEPTION USING ERRCODE = v_refusal.code, MESSAGE = v_refusal.message, HINT = v_refusal.hint;
  END IF;
END
$$;
--> statement-breakpoint

-- Grants in one go. p_grants: a JSON array, each {"user", "plan", "days" (null: the plan's), "at",
-- "actor", "ip", "source", "provider"}. Each grant is answered in its own row (item: its place in the
-- array, from 1): the subscription as pult_granted, or the refusal (code, message, hint) that the single
-- grant raised: unknown or deleted user, unknown or disabled plan. A refused grant writes nothing; the
-- others are written. Grants of one plan to one user apply in array order: the first creates the
-- subscription (or extends the live one) and every later one extends it again, as one grant after
-- another did.
CREATE FUNCTION pult_grant_subscriptions(p_grants jsonb)
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
      (g.v ->> 'ip')::inet AS ip, g.v ->> 'source' AS source, g.v ->> 'provider' AS provider
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
    SELECT s.n, s.user_id, s.plan_id, s.at, s.actor, s.ip, s.provider, s.currency, s.title,
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
    INSERT INTO audit_events (actor_id, action, entity, entity_id, before, after, ip, at)
    SELECT g.actor, CASE WHEN g.is_extension THEN 'extend-subscription' ELSE 'grant-subscription' END,
      'subscription', g.sub_id::text,
      CASE WHEN g.is_extension THEN jsonb_build_object('expiresAt', pult_iso(g.expires_before)) END,
      jsonb_build_object('owner', g.user_id, 'planId', g.plan_id, 'expiresAt', pult_iso(g.expires_after),
        'transactionId', g.transaction_id),
      g.ip, g.at
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

-- The batch of 0025, with step 2 in sets from SETS_FROM redemptions up: one UPDATE claims every code
-- (of two redemptions of one code, the lower user's, then the earlier one, is offered it, as the
-- one-by-one order of 0025 did), one call of pult_grant_subscriptions grants every claimed code, one
-- read says why each of the others was refused. All of it is one subtransaction: if any grant is
-- refused (a deleted user, a disabled plan) or anything fails, it is rolled back and the batch goes one
-- by one as in 0025, where a refused grant gives its code back to the next redemption of it. Smaller
-- batches go one by one from the start: the set statements cost more to start than they save on a few
-- redemptions (measured per CALL, docs/decisions/0028). Steps 1 and 3 keep their rules and order and
-- are one statement each instead of one per key.
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
  v_keys text[];
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
  --    upsert: each key counts all of its attempts in the batch, and an attempt is over the limit if
  --    the count had passed it by its turn, as when they came one by one. The rows are written in key
  --    order, so two batches never wait on each other's rows in a cycle.
  PERFORM set_config('synchronous_commit', 'off', true);
  FOR v_limit IN
    WITH attempts AS (
      SELECT e.n::integer AS n, k.key, k.max, (e.item ->> 'at')::timestamptz AS at,
        make_interval(secs => (e.item ->> 'windowMs')::double precision / 1000) AS win,
        row_number() OVER (PARTITION BY k.key ORDER BY e.n)::integer AS turn,
        count(*) OVER (PARTITION BY k.key)::integer AS tries
      FROM jsonb_array_elements(p_items) WITH ORDINALITY AS e(item, n)
      CROSS JOIN LATERAL (VALUES (e.item ->> 'userKey', (e.item ->> 'perUser')::integer),
                                 (e.item ->> 'ipKey', (e.item ->> 'perIp')::integer)) AS k(key, max)
    ),
    -- A key's window is its first attempt's (the batch's attempts are microseconds apart).
    keys AS (SELECT a.key, a.at, a.win, a.tries FROM attempts a WHERE a.turn = 1),
    counted AS (
      INSERT INTO rate_limits AS r (key, window_start, count)
      SELECT k.key, k.at, k.tries FROM keys k ORDER BY k.key
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN r.window_start <= excluded.window_start - (SELECT k.win FROM keys k WHERE k.key = excluded.key)
          THEN excluded.count ELSE r.count + excluded.count END,
        window_start = CASE WHEN r.window_start <= excluded.window_start - (SELECT k.win FROM keys k WHERE k.key = excluded.key)
          THEN excluded.window_start ELSE r.window_start END
      RETURNING r.key, r.count, r.window_start
    )
    SELECT a.n, max(greatest(ceil(extract(epoch FROM (c.window_start + a.win - a.at)))::integer, 1)) AS wait
    FROM attempts a
    JOIN counted c ON c.key = a.key
    WHERE c.count - a.tries + a.turn > a.max
    GROUP BY a.n
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
          (p_items -> (g.n - 1) ->> 'at')::timestamptz AS at, p_items -> (g.n - 1) ->> 'ip' AS ip
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
        RETURNING k.n, k.user_id, k.at, k.ip, k.series_id, k.plan_id, k.duration_days
      )
      SELECT coalesce(array_agg(c.n ORDER BY c.user_id, c.n), '{}'),
        coalesce(jsonb_agg(jsonb_build_object('user', c.user_id, 'plan', c.plan_id, 'days', c.duration_days,
          'at', c.at, 'actor', c.user_id, 'ip', c.ip, 'source', 'promo', 'provider', 'promo') ORDER BY c.user_id, c.n), '[]'),
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
          'promo', 'promo', v_claim.duration_days, v_at, (v_item ->> 'user')::integer, (v_item ->> 'ip')::inet);
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

  -- 3. The successes give their attempts back, without waiting for the flush: the rows locked in key
  --    order again, then one UPDATE.
  PERFORM set_config('synchronous_commit', 'off', true);
  v_keys := ARRAY(
    SELECT k.key
    FROM generate_subscripts(v_out, 1) AS g(n)
    CROSS JOIN LATERAL (VALUES (p_items -> (g.n - 1) ->> 'userKey'), (p_items -> (g.n - 1) ->> 'ipKey')) AS k(key)
    WHERE v_out[g.n] ? 'granted');
  PERFORM 1 FROM rate_limits r WHERE r.key = ANY (v_keys) ORDER BY r.key FOR NO KEY UPDATE;
  UPDATE rate_limits r SET count = greatest(r.count - g.given, 0)
  FROM (SELECT k.key, count(*)::integer AS given FROM unnest(v_keys) AS k(key) GROUP BY k.key) AS g
  WHERE r.key = g.key;
  COMMIT;

  results := to_jsonb(v_out);
END
$$;
--> statement-breakpoint

-- The batch's reservation is one upsert now; nothing calls the one-key function of 0025.
DROP FUNCTION pult_reserve_attempt(text, timestamptz, integer, interval);
