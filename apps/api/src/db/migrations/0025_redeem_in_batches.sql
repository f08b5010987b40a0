-- Redemptions in batches (issue #16 target 6, docs/decisions/0027). One redemption per CALL spent about
-- 2 ms of PostgreSQL CPU, most of it per transaction and per statement rather than per row: three
-- commits, the executor's set-up of every statement, the statement triggers. The API now collects the
-- redemptions that arrive while a batch is running and sends them together to pult_redeem_promo_codes,
-- which keeps every rule of pult_redeem_promo_code (0016/0017) for each of them:
--   1. every attempt is reserved against both limits and COMMITTED (without waiting for the flush)
--      before any code is looked at, so parallel guesses cannot slip past and a refused claim counts;
--   2. the batch's codes are locked in id order (as a bulk block locks them), then each claim and grant
--      runs in a subtransaction of its own (a refusal rolls back that redemption only), users in
--      ascending id order, and the series counters are bumped last, one row per series. Codes, then
--      users, then counters, each in one order: two batches, or a batch and a bulk block, wait for each
--      other instead of deadlocking. Then one durable COMMIT for the whole batch;
--   3. the attempts of the successes are given back (no flush wait).
-- Exactly-once is still the conditional UPDATE, now pult_claim_promo_code. A batch holds at most 32
-- redemptions, so its subtransactions stay within the 64 that PostgreSQL tracks per backend without
-- overflowing to pg_subtrans (which would slow every other snapshot).

-- The claim that pult_activate_promo_code (0008) made, on its own: marks the code activated if it is new
-- and its series enabled and within its dates, else raises the refusal that says why.
CREATE FUNCTION pult_claim_promo_code(p_value text, p_user integer, p_now timestamptz,
  OUT series_id integer, OUT plan_id integer, OUT duration_days integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_found record;
BEGIN
  UPDATE promo_codes c SET status = 'activated', activated_by = p_user, activated_at = p_now
  FROM promo_series s
  WHERE c.value = p_value AND c.status = 'new' AND s.id = c.series_id AND s.status = 'enabled'
    AND (s.starts_at IS NULL OR s.starts_at <= p_now) AND (s.ends_at IS NULL OR s.ends_at > p_now)
  RETURNING c.series_id, s.plan_id, s.duration_days INTO series_id, plan_id, duration_days;

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
END
$$;
--> statement-breakpoint

-- One reservation against a limit (the upsert of lib/rate-limit.ts reserveAttempt): the seconds to
-- wait when the attempt is over the limit, else 0.
CREATE FUNCTION pult_reserve_attempt(p_key text, p_now timestamptz, p_max integer, p_window interval)
RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_count integer;
  v_start timestamptz;
BEGIN
  INSERT INTO rate_limits AS r (key, window_start, count) VALUES (p_key, p_now, 1)
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN r.window_start <= p_now - p_window THEN 1 ELSE r.count + 1 END,
    window_start = CASE WHEN r.window_start <= p_now - p_window THEN p_now ELSE r.window_start END
  RETURNING r.count, r.window_start INTO v_count, v_start;
  IF v_count > p_max THEN
    RETURN greatest(ceil(extract(epoch FROM (v_start + p_window - p_now)))::integer, 1);
  END IF;
  RETURN 0;
END
$$;
--> statement-breakpoint

-- p_items: a JSON array of redemptions, each {"value", "user", "at", "ip", "userKey", "ipKey",
-- "perUser", "perIp", "windowMs"}. p_shard: the counter shard of the whole batch. results: an array in
-- the same order, each {"retryAfter": s} (a limit refused it; nothing was looked up), {"granted": row}
-- (pult_granted as JSON) or {"error": {"code", "message", "hint"}} (the refusal, as the single call
-- would have raised it).
CREATE PROCEDURE pult_redeem_promo_codes(p_items jsonb, p_shard integer, INOUT results jsonb DEFAULT NULL)
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer := jsonb_array_length(p_items);
  v_item jsonb;
  v_out jsonb[] := array_fill(NULL::jsonb, ARRAY[v_count]);
  v_wait integer;
  v_limit record;
  v_at timestamptz;
  v_claimed record;
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

  -- 1. Reserve every attempt against both of its limits and commit before looking at any code. The
  --    counters are taken in key order, so two batches never wait on each other's rows in a cycle.
  PERFORM set_config('synchronous_commit', 'off', true);
  FOR v_limit IN
    SELECT e.n::integer AS n, k.key, k.max
    FROM jsonb_array_elements(p_items) WITH ORDINALITY AS e(item, n)
    CROSS JOIN LATERAL (VALUES (e.item ->> 'userKey', (e.item ->> 'perUser')::integer),
                               (e.item ->> 'ipKey', (e.item ->> 'perIp')::integer)) AS k(key, max)
    ORDER BY k.key, e.n
  LOOP
    v_item := p_items -> (v_limit.n - 1);
    v_wait := pult_reserve_attempt(v_limit.key, (v_item ->> 'at')::timestamptz, v_limit.max,
      make_interval(secs => (v_item ->> 'windowMs')::double precision / 1000));
    IF v_wait > 0 THEN
      v_out[v_limit.n] := jsonb_build_object('retryAfter',
        greatest(v_wait, coalesce((v_out[v_limit.n] ->> 'retryAfter')::integer, 0)));
    END IF;
  END LOOP;
  COMMIT;

  -- 2. Claim and grant. The batch's codes are locked first, in id order (the order of a bulk block),
  --    then the redemptions run in ascending user order, each in its own subtransaction.
  PERFORM 1 FROM promo_codes c
  WHERE c.value = ANY (ARRAY(
    SELECT p_items -> (g.n - 1) ->> 'value' FROM generate_subscripts(v_out, 1) AS g(n) WHERE v_out[g.n] IS NULL))
  ORDER BY c.id
  FOR NO KEY UPDATE;
  FOR i IN
    SELECT e.n::integer FROM jsonb_array_elements(p_items) WITH ORDINALITY AS e(item, n)
    ORDER BY (e.item ->> 'user')::integer, e.n
  LOOP
    CONTINUE WHEN v_out[i] IS NOT NULL;
    v_item := p_items -> (i - 1);
    v_at := (v_item ->> 'at')::timestamptz;
    BEGIN
      SELECT * INTO v_claimed FROM pult_claim_promo_code(v_item ->> 'value', (v_item ->> 'user')::integer, v_at);
      SELECT * INTO v_granted FROM pult_grant_subscription((v_item ->> 'user')::integer, v_claimed.plan_id,
        'promo', 'promo', v_claimed.duration_days, v_at, (v_item ->> 'user')::integer, (v_item ->> 'ip')::inet);
      v_out[i] := jsonb_build_object('granted', to_jsonb(v_granted));
      v_activated := v_activated || v_claimed.series_id;
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS v_state = RETURNED_SQLSTATE, v_message = MESSAGE_TEXT, v_hint = PG_EXCEPTION_HINT;
      v_out[i] := jsonb_build_object('error',
        jsonb_build_object('code', v_state, 'message', v_message, 'hint', nullif(v_hint, '')));
    END;
  END LOOP;

  -- The counters last, in series order: after every user lock of this batch.
  INSERT INTO promo_series_counters AS c (series_id, shard, activated, blocked)
  SELECT a.series_id, p_shard, count(*), 0 FROM unnest(v_activated) AS a(series_id)
  GROUP BY a.series_id ORDER BY a.series_id
  ON CONFLICT (series_id, shard) DO UPDATE SET activated = c.activated + excluded.activated;
  COMMIT;

  -- 3. The successes give their attempts back, in key order again, without waiting for the flush.
  PERFORM set_config('synchronous_commit', 'off', true);
  FOR v_limit IN
    SELECT k.key, count(*)::integer AS max
    FROM generate_subscripts(v_out, 1) AS g(n)
    CROSS JOIN LATERAL (VALUES (p_items -> (g.n - 1) ->> 'userKey'), (p_items -> (g.n - 1) ->> 'ipKey')) AS k(key)
    WHERE v_out[g.n] ? 'granted'
    GROUP BY k.key
    ORDER BY k.key
  LOOP
    UPDATE rate_limits r SET count = greatest(r.count - v_limit.max, 0) WHERE r.key = v_limit.key;
  END LOOP;
  COMMIT;

  results := to_jsonb(v_out);
END
$$;
--> statement-breakpoint

-- The single redemption of 0016/0017 and the function it called have no caller left: the API sends
-- every redemption in a batch, which claims with pult_claim_promo_code and grants with
-- pult_grant_subscription itself.
DROP PROCEDURE pult_redeem_promo_code(text, integer, timestamptz, integer, inet, text, text, integer, integer,
  interval, integer, integer, integer, integer, text, text, timestamptz, timestamptz, boolean, timestamptz, text,
  boolean);
--> statement-breakpoint

DROP FUNCTION pult_activate_promo_code(text, integer, timestamptz, integer, inet);
