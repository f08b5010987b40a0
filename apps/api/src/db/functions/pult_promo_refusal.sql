-- Why a promo code that could not be claimed was refused, from what the code and its series hold now
-- (a null code status: no such code), in the order of checks redemption has always used: not found,
-- blocked, series disabled, not started, ended, else used (or claimed by a concurrent redemption between
-- the attempt and this read). Answers SQLSTATE (PU404/PU409), an English message for people reading the
-- database, and the API's error code (its HTTP answer is looked up by that code in lib/pg-errors.ts).
-- The one rule set for refusals of a code: the single claim and the batch's set claim both use it
-- (migration 0026).
CREATE OR REPLACE FUNCTION pult_promo_refusal(p_code_status text, p_series_status text, p_starts timestamptz,
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
