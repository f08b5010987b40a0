-- Statement trigger on promo_activation_refusals: marks the day of each recorded refusal, for the
-- dashboard's refusals figure (migration 0013, decision 0016).
CREATE OR REPLACE FUNCTION pult_mark_refusal_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pult_rollup_marks_off() THEN RETURN NULL; END IF;
  PERFORM pult_mark_rollup_days(ARRAY(SELECT DISTINCT pult_day(n.at) FROM new_rows n));
  RETURN NULL;
END $$;
