-- Row trigger on promo_series (delete, or a changed id): a series that still has codes stays, the
-- other half of the foreign key replaced in migration 0021 (decision 0024). It runs after the row is
-- deleted, so after any FOR KEY SHARE lock of a generating transaction is released, in a statement that
-- sees its codes. The key also saw them under REPEATABLE READ (a cross-check snapshot PL/pgSQL does not
-- have), so a delete in any other isolation level is refused outright; nothing in the app deletes a series.
CREATE OR REPLACE FUNCTION pult_keep_promo_series_with_codes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'a promo series can be deleted or renumbered only in a READ COMMITTED transaction'
      USING ERRCODE = 'serialization_failure';
  END IF;
  IF EXISTS (SELECT FROM promo_codes c WHERE c.series_id = OLD.id) THEN
    RAISE EXCEPTION 'update or delete on table "promo_series" violates foreign key constraint "promo_codes_series_id_promo_series_id_fk" on table "promo_codes"'
      USING ERRCODE = 'foreign_key_violation', TABLE = 'promo_series',
        CONSTRAINT = 'promo_codes_series_id_promo_series_id_fk',
        DETAIL = format('Key (id)=(%s) is still referenced from table "promo_codes".', OLD.id);
  END IF;
  RETURN NULL;
END $$;
