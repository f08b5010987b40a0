-- Row trigger on promo_codes, only for an update that moves a code to another series (nothing in the
-- app does it; the trigger's WHEN keeps every other update, such as blocking 100,000 codes, free of it):
-- the new series must exist (migration 0021, decision 0024).
CREATE OR REPLACE FUNCTION pult_check_moved_promo_code() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM FROM promo_series s WHERE s.id = NEW.series_id FOR KEY SHARE;
  IF NOT FOUND THEN
    PERFORM pult_refuse_missing_promo_series(NEW.series_id);
  END IF;
  RETURN NULL;
END $$;
