-- Statement trigger on promo_series (TRUNCATE): refused while codes remain, as the foreign key
-- refused it; row triggers do not see a TRUNCATE (migration 0024). AFTER, once per statement: every table a
-- TRUNCATE names is emptied before its AFTER triggers run, so `TRUNCATE promo_series, promo_codes` passes.
-- The seed's reset (`TRUNCATE users, jobs CASCADE`) empties promo_codes through their activated_by key and
-- never names promo_series.
CREATE OR REPLACE FUNCTION pult_keep_promo_series_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT FROM promo_codes) THEN
    RAISE EXCEPTION 'cannot truncate a table referenced in a foreign key constraint'
      USING ERRCODE = 'feature_not_supported', TABLE = 'promo_series',
        DETAIL = 'Table "promo_codes" references "promo_series".',
        HINT = 'Truncate table "promo_codes" at the same time.';
  END IF;
  RETURN NULL;
END $$;
