-- Statement trigger on promo_codes (insert): every inserted code names an existing series. Checked
-- once per statement, for the distinct series (one for a generation batch), instead of once per row as the
-- foreign key did: that cost 0.3-0.9 s of database CPU per 100,000 codes, a third of generating them
-- (migration 0021, decision 0024). Each series is locked FOR KEY SHARE as the key locked it, so a
-- concurrent delete waits for this transaction and then sees its codes.
CREATE OR REPLACE FUNCTION pult_check_promo_code_series() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing integer;
BEGIN
  SELECT n.series_id INTO missing
    FROM (SELECT DISTINCT series_id FROM new_rows) AS n
    LEFT JOIN LATERAL (SELECT true FROM promo_series s WHERE s.id = n.series_id FOR KEY SHARE) AS s(present) ON true
   WHERE s.present IS NULL
   LIMIT 1;
  IF FOUND THEN
    PERFORM pult_refuse_missing_promo_series(missing);
  END IF;
  RETURN NULL;
END $$;
