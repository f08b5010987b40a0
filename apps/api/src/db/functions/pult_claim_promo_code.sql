-- Claims one promo code for a user: marks it activated if it is new and its series enabled and
-- within its dates, else raises the refusal that says why (pult_promo_refusal: SQLSTATE PU404/PU409, the
-- API's error code in HINT). Exactly-once is the conditional UPDATE (status still 'new'): of two
-- concurrent redemptions of one code exactly one updates the row (decision 0009). Used by
-- pult_redeem_promo_codes for batches it runs one by one.
--
-- Defined in migration 0025 (the claim of the former pult_activate_promo_code, on its own); last changed
-- in 0026 (the refusal from pult_promo_refusal).
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
