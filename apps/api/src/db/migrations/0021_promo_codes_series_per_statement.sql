-- A promo code's series is checked once per statement instead of once per row (issue #16 target 5,
-- docs/decisions/0024). The declarative foreign key ran its check query for every inserted code:
-- 0.3–0.9 s of database CPU per 100,000 codes, a third of generating them. The rule is unchanged:
-- every code names an existing series, and a series with codes cannot be deleted or renumbered.
-- The errors are the ones the foreign key raised (SQLSTATE 23503, the same constraint name).
ALTER TABLE "promo_codes" DROP CONSTRAINT "promo_codes_series_id_promo_series_id_fk";--> statement-breakpoint
-- The error the foreign key raised for a code whose series does not exist, raised by both checks below.
CREATE FUNCTION pult_refuse_missing_promo_series(missing integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'insert or update on table "promo_codes" violates foreign key constraint "promo_codes_series_id_promo_series_id_fk"'
    USING ERRCODE = 'foreign_key_violation', TABLE = 'promo_codes', COLUMN = 'series_id',
      CONSTRAINT = 'promo_codes_series_id_promo_series_id_fk',
      DETAIL = format('Key (series_id)=(%s) is not present in table "promo_series".', missing);
END $$;--> statement-breakpoint
-- Inserted codes: their distinct series (one for a generation batch), each locked FOR KEY SHARE as the
-- foreign key locked it, so a concurrent delete waits for this transaction and then sees its codes.
CREATE FUNCTION pult_check_promo_code_series() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;--> statement-breakpoint
CREATE TRIGGER promo_codes_series_insert AFTER INSERT ON promo_codes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pult_check_promo_code_series();--> statement-breakpoint
-- A code moved to another series (nothing in the app does it) is checked as a row: the WHEN keeps
-- every other update, such as blocking 100,000 codes, free of it.
CREATE FUNCTION pult_check_moved_promo_code() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM FROM promo_series s WHERE s.id = NEW.series_id FOR KEY SHARE;
  IF NOT FOUND THEN
    PERFORM pult_refuse_missing_promo_series(NEW.series_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER promo_codes_series_update AFTER UPDATE ON promo_codes
  FOR EACH ROW WHEN (OLD.series_id IS DISTINCT FROM NEW.series_id) EXECUTE FUNCTION pult_check_moved_promo_code();--> statement-breakpoint
-- A series that still has codes stays. The check runs after the row is deleted, so it runs after any
-- FOR KEY SHARE lock of a generating transaction is released, in a statement that sees its codes.
-- The foreign key also saw them under REPEATABLE READ (a cross-check snapshot PL/pgSQL does not have),
-- so a delete in any other isolation level is refused outright; nothing in the app deletes a series.
CREATE FUNCTION pult_keep_promo_series_with_codes() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;--> statement-breakpoint
CREATE TRIGGER promo_series_codes_delete AFTER DELETE ON promo_series
  FOR EACH ROW EXECUTE FUNCTION pult_keep_promo_series_with_codes();--> statement-breakpoint
CREATE TRIGGER promo_series_codes_renumber AFTER UPDATE ON promo_series
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION pult_keep_promo_series_with_codes();
