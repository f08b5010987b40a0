-- Statement trigger on promo_codes: marks the activation days of codes whose activation (or series)
-- changed, for the dashboard's activations figure (migration 0013, decision 0016). Generating codes
-- (activated_at null) marks nothing.
CREATE OR REPLACE FUNCTION pult_mark_promo_code_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pult_rollup_marks_off() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM pult_mark_rollup_days(ARRAY(SELECT DISTINCT pult_day(n.activated_at) FROM new_rows n WHERE n.activated_at IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pult_mark_rollup_days(ARRAY(SELECT DISTINCT pult_day(o.activated_at) FROM old_rows o WHERE o.activated_at IS NOT NULL));
  ELSE
    PERFORM pult_mark_rollup_days(ARRAY(
      SELECT pult_day(x) FROM old_rows o JOIN new_rows n USING (id),
        LATERAL unnest(ARRAY[o.activated_at, n.activated_at]) AS x
      WHERE (o.activated_at, o.series_id) IS DISTINCT FROM (n.activated_at, n.series_id)));
  END IF;
  RETURN NULL;
END $$;
