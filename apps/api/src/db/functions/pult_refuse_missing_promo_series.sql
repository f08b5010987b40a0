-- The error a foreign key raised for a promo code whose series does not exist (SQLSTATE 23503, the
-- same constraint name and detail), raised by the two checks that replaced that key in migration 0021
-- (decision 0024): pult_check_promo_code_series and pult_check_moved_promo_code. Callers that matched the
-- key's error keep working.
CREATE OR REPLACE FUNCTION pult_refuse_missing_promo_series(missing integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'insert or update on table "promo_codes" violates foreign key constraint "promo_codes_series_id_promo_series_id_fk"'
    USING ERRCODE = 'foreign_key_violation', TABLE = 'promo_codes', COLUMN = 'series_id',
      CONSTRAINT = 'promo_codes_series_id_promo_series_id_fk',
      DETAIL = format('Key (series_id)=(%s) is not present in table "promo_series".', missing);
END $$;
