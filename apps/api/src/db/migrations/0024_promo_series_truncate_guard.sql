-- TRUNCATE of promo_series alone while codes remain (issue #16; migration 0021 replaced the codes'
-- foreign key with triggers, and row triggers do not see a TRUNCATE). The key refused it
-- ("cannot truncate a table referenced in a foreign key constraint"); this refuses it the same way.
-- AFTER, once per statement: every table a TRUNCATE names is emptied before its AFTER triggers run, so
-- `TRUNCATE promo_series, promo_codes` (both at once) passes. The seed's reset (`TRUNCATE users, jobs
-- CASCADE`) empties promo_codes through their activated_by key and never names promo_series.
CREATE FUNCTION pult_keep_promo_series_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT FROM promo_codes) THEN
    RAISE EXCEPTION 'cannot truncate a table referenced in a foreign key constraint'
      USING ERRCODE = 'feature_not_supported', TABLE = 'promo_series',
        DETAIL = 'Table "promo_codes" references "promo_series".',
        HINT = 'Truncate table "promo_codes" at the same time.';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER promo_series_codes_truncate AFTER TRUNCATE ON promo_series
  FOR EACH STATEMENT EXECUTE FUNCTION pult_keep_promo_series_truncate();
