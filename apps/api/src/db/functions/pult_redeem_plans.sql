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
