-- Limiter counters that reach zero stay (issue #16, docs/decisions/0024). Deleting them made every
-- redemption (and every successful sign-in) delete the row its next attempt inserts again: on the hot
-- keys (one address, a user redeeming again) the table and its key index filled with dead versions
-- (21,953 dead against 8 live rows after 20,000 redemptions, autovacuum not yet run) that each upsert
-- walked. Kept, the give-back is an UPDATE of unindexed columns, a HOT update pruned in place. Rows
-- at zero cost a few bytes until the cleanup job removes stale windows (db/expired-rows.ts).
CREATE OR REPLACE PROCEDURE pult_redeem_promo_code(
  p_value text, p_user integer, p_now timestamptz, p_shard integer, p_ip inet,
  p_user_key text, p_ip_key text, p_user_max integer, p_ip_max integer, p_window interval,
  INOUT retry_after integer DEFAULT NULL,
  INOUT id integer DEFAULT NULL, INOUT owner integer DEFAULT NULL, INOUT plan_id integer DEFAULT NULL,
  INOUT status text DEFAULT NULL, INOUT source text DEFAULT NULL, INOUT started_at timestamptz DEFAULT NULL,
  INOUT expires_at timestamptz DEFAULT NULL, INOUT auto_renew boolean DEFAULT NULL,
  INOUT created_at timestamptz DEFAULT NULL, INOUT plan_title text DEFAULT NULL, INOUT extended boolean DEFAULT NULL
) LANGUAGE plpgsql AS $$
DECLARE
  v_count integer;
  v_start timestamptz;
  v_wait integer := 0;
  v_refused boolean := false;
  v_granted pult_granted;
BEGIN
  -- 1. Reserve: the same upsert as lib/rate-limit.ts reserveAttempt, for the account, then the address.
  PERFORM set_config('synchronous_commit', 'off', true);
  INSERT INTO rate_limits AS r (key, window_start, count) VALUES (p_user_key, p_now, 1)
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN r.window_start <= p_now - p_window THEN 1 ELSE r.count + 1 END,
    window_start = CASE WHEN r.window_start <= p_now - p_window THEN p_now ELSE r.window_start END
  RETURNING r.count, r.window_start INTO v_count, v_start;
  IF v_count > p_user_max THEN
    v_refused := true;
    v_wait := greatest(v_wait, ceil(extract(epoch FROM (v_start + p_window - p_now)))::integer);
  END IF;
  INSERT INTO rate_limits AS r (key, window_start, count) VALUES (p_ip_key, p_now, 1)
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN r.window_start <= p_now - p_window THEN 1 ELSE r.count + 1 END,
    window_start = CASE WHEN r.window_start <= p_now - p_window THEN p_now ELSE r.window_start END
  RETURNING r.count, r.window_start INTO v_count, v_start;
  IF v_count > p_ip_max THEN
    v_refused := true;
    v_wait := greatest(v_wait, ceil(extract(epoch FROM (v_start + p_window - p_now)))::integer);
  END IF;
  COMMIT;
  IF v_refused THEN
    retry_after := greatest(v_wait, 1);
    RETURN;
  END IF;

  -- 2. Claim and grant; a refusal raises (PU404/PU409 with its code in HINT) and rolls back only this.
  SELECT * INTO v_granted FROM pult_activate_promo_code(p_value, p_user, p_now, p_shard, p_ip);

  COMMIT;

  -- 3. A success gives both attempts back, again without waiting for the flush. A counter at zero
  --    stays (0017): the cleanup job removes it once its window is stale.
  PERFORM set_config('synchronous_commit', 'off', true);
  UPDATE rate_limits r SET count = greatest(r.count - 1, 0) WHERE r.key IN (p_user_key, p_ip_key);

  id := v_granted.id; owner := v_granted.owner; plan_id := v_granted.plan_id; status := v_granted.status;
  source := v_granted.source; started_at := v_granted.started_at; expires_at := v_granted.expires_at;
  auto_renew := v_granted.auto_renew; created_at := v_granted.created_at; plan_title := v_granted.plan_title;
  extended := v_granted.extended;
END
$$;
