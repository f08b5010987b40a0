-- Written by `npm run db:routines` from apps/api/src/db/functions (docs/decisions/0031): pult_redeem_plans, pult_redeem_promo_codes.
-- The files are the source; change them, not this migration, and run the script again.
-- How pult_redeem_promo_codes' statements are planned, set at the start of each of its transactions
-- (for that transaction only: set_config(..., true) ends with it). Every statement of a redemption batch,
-- the limiter's, the claim's, the grant's, the marks', the foreign-key checks and the triggers', reads
-- rows by key, so they are planned once per connection and kept (force_generic_plan), and only index
-- scans are planned (no sequential or bitmap scans). Why (docs/decisions/0057, issue 37 target 3):
--   - PostgreSQL planned the batch's statements again on every call (a custom plan whenever the generic
--     one looked dearer: an array or JSON parameter is guessed at 10 or 100 elements), about a sixth of
--     the procedure's instructions;
--   - without statistics on subscriptions (a fresh database, no autovacuum) the owner's subscriptions were
--     read by a bitmap scan, and a bitmap scan visits every earlier version of an extended subscription
--     (none is marked dead in the index, unlike an index scan's), so each redemption's cost grew with the
--     extensions before it;
--   - a plan kept for the connection must not be a sequential scan chosen while a table was small.
-- Measured in instructions (callgrind) per batch of five, 40 users each holding one subscription extended
-- 400 times: 17.3 M before, 9.4 M with these settings. In PL/pgSQL: a SQL function is parsed and planned
-- again at each call from a procedure that commits (about 2 % more).
--
-- Defined in migration 0053.
CREATE OR REPLACE FUNCTION pult_redeem_plans() RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM set_config('plan_cache_mode', 'force_generic_plan', true), set_config('enable_seqscan', 'off', true),
    set_config('enable_bitmapscan', 'off', true);
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
--   2. The batch's codes are locked in id order (as a bulk block locks them). From two pending
--      redemptions up, one UPDATE claims every code and one call of pult_grant_subscriptions grants them
--      (each table written once); the dashboard's marks of the whole set (the days and MRR owners the
--      statement triggers would mark for the claims, grants and payments) are written once, with the
--      counters, in one statement at the end, the triggers standing aside meanwhile (0049). If any grant
--      is refused or anything fails, that subtransaction is rolled back and the batch goes one by one:
--      each claim and grant in a subtransaction of its own, users in ascending id order, the triggers
--      marking as usual. A single redemption goes one by one. The series counters are bumped last, one
--      row per series. Codes, then users, then counters, each in one order: two batches, or a batch and
--      a bulk block, wait for each other instead of deadlocking.
--   3. The successes give their attempts back (pult_release_attempts), so only failures count.
--
-- At most 32, so the subtransactions stay within the 64 PostgreSQL tracks per backend without overflowing
-- to pg_subtrans, which would slow every other snapshot. pult.last_batch says which way the session's last
-- batch went ('sets' or 'one by one: ...'), for the tests.
--
-- Each of its three transactions starts with pult_redeem_plans: its statements are planned once per
-- connection and read by index scans only (docs/decisions/0057).
--
-- Defined in migration 0025; changed in 0026 (sets), 0029 (the limiter's rule in its own functions),
-- 0030 (the request id on the audit events), 0049 (sets from two, the marks and counters once per set:
-- docs/decisions/0027, second addendum) and 0053 (pult_redeem_plans).
CREATE OR REPLACE PROCEDURE pult_redeem_promo_codes(p_items jsonb, p_shard integer, INOUT results jsonb DEFAULT NULL)
LANGUAGE plpgsql AS $$
DECLARE
  SETS_FROM CONSTANT integer := 2;
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
  v_marks_off boolean := pult_rollup_marks_off();
  v_days date[];
  v_owners integer[];
  v_subs integer[] := '{}';
  v_written integer;
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
  PERFORM set_config('synchronous_commit', 'off', true), pult_redeem_plans();
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
  PERFORM pult_redeem_plans();
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
      -- The statement triggers stand aside for the set (this transaction only; an abort of the
      -- subtransaction restores the setting): its marks are written once, below.
      PERFORM set_config('pult.rollups_rebuilt_after', 'on', true);
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
        coalesce(array_agg(c.series_id), '{}'),
        -- The days the marks need from before the grants: each claim's (its activation's, its payment's
        -- and a new subscription's start), and the end of every subscription of the claiming users as it
        -- was (an extension moves one).
        coalesce(array_agg(pult_day(c.at)), '{}') || ARRAY(
          SELECT pult_day(s.expires_at) FROM subscriptions s
          WHERE s.owner IN (SELECT c2.user_id FROM claimed c2) AND s.expires_at IS NOT NULL),
        coalesce(array_agg(DISTINCT c.user_id), '{}')
      INTO v_claimed, v_grants, v_activated, v_days, v_owners
      FROM claimed c;

      IF cardinality(v_claimed) > 0 THEN
        FOR v_answer IN SELECT * FROM pult_grant_subscriptions(v_grants) LOOP
          IF v_answer.error_code IS NOT NULL THEN
            RAISE EXCEPTION 'a grant of the batch was refused' USING ERRCODE = 'PU100';
          END IF;
          v_out[v_claimed[v_answer.item]] := jsonb_build_object('granted', to_jsonb(v_answer.granted));
          v_subs := v_subs || (v_answer.granted).id;
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
      -- The set's marks and counters in one statement, after every user lock (counters last): the days
      -- the statement triggers would have marked (pult_mark_promo_code_days, pult_mark_transaction_days,
      -- pult_mark_changed_subscriptions: the claims' days, the start of each subscription granted or
      -- extended, the end of every subscription of the claiming users as it is now and as it was) and the
      -- owners pult_mark_mrr_owners would have queued (a purchased subscription extended). Unless the
      -- session keeps the marks off (the seed).
      WITH counted AS (
        INSERT INTO promo_series_counters AS c (series_id, shard, activated, blocked)
        SELECT a.series_id, p_shard, count(*), 0 FROM unnest(v_activated) AS a(series_id)
        GROUP BY a.series_id ORDER BY a.series_id
        ON CONFLICT (series_id, shard) DO UPDATE SET activated = c.activated + excluded.activated
        RETURNING 1
      ),
      now_held AS (
        SELECT s.id, s.owner, s.source, s.started_at, s.expires_at FROM subscriptions s
        WHERE NOT v_marks_off AND s.owner = ANY (v_owners)
      ),
      marked AS (
        INSERT INTO dashboard_rollup_days (day)
        SELECT DISTINCT d.day FROM (
          SELECT unnest(v_days)
          UNION ALL SELECT pult_day(h.started_at) FROM now_held h WHERE h.id = ANY (v_subs)
          UNION ALL SELECT pult_day(h.expires_at) FROM now_held h) AS d(day)
        WHERE NOT v_marks_off AND d.day IS NOT NULL
        ORDER BY 1
        ON CONFLICT DO NOTHING
        RETURNING 1
      ),
      queued AS (
        INSERT INTO mrr_dirty_owners (owner)
        SELECT DISTINCT h.owner FROM now_held h WHERE h.id = ANY (v_subs) AND h.source = 'purchase'
        ON CONFLICT DO NOTHING
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM counted) + (SELECT count(*) FROM marked) + (SELECT count(*) FROM queued) INTO v_written;
      v_activated := '{}';
      PERFORM set_config('pult.rollups_rebuilt_after', CASE WHEN v_marks_off THEN 'on' ELSE '' END, true);
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

  -- One by one: the counters last, in series order, after every user lock of this batch (a set bumped
  -- its own above).
  IF cardinality(v_activated) > 0 THEN
    INSERT INTO promo_series_counters AS c (series_id, shard, activated, blocked)
    SELECT a.series_id, p_shard, count(*), 0 FROM unnest(v_activated) AS a(series_id)
    GROUP BY a.series_id ORDER BY a.series_id
    ON CONFLICT (series_id, shard) DO UPDATE SET activated = c.activated + excluded.activated;
  END IF;
  COMMIT;

  -- 3. The successes give their attempts back (pult_release_attempts), without waiting for the flush.
  PERFORM set_config('synchronous_commit', 'off', true), pult_redeem_plans();
  PERFORM pult_release_attempts(ARRAY(
    SELECT k.key
    FROM generate_subscripts(v_out, 1) AS g(n)
    CROSS JOIN LATERAL (VALUES (p_items -> (g.n - 1) ->> 'userKey'), (p_items -> (g.n - 1) ->> 'ipKey')) AS k(key)
    WHERE v_out[g.n] ? 'granted'));
  COMMIT;

  results := to_jsonb(v_out);
END
$$;
