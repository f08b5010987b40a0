-- Statement trigger on transactions: marks the day of each changed payment (its created_at) when a
-- counted column (kind, status, amount, created_at) changes (migration 0013, decision 0016).
CREATE OR REPLACE FUNCTION pult_mark_transaction_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pult_rollup_marks_off() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM pult_mark_rollup_days(ARRAY(SELECT DISTINCT pult_day(n.created_at) FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pult_mark_rollup_days(ARRAY(SELECT DISTINCT pult_day(o.created_at) FROM old_rows o));
  ELSE
    PERFORM pult_mark_rollup_days(ARRAY(
      SELECT pult_day(x) FROM old_rows o JOIN new_rows n USING (id),
        LATERAL unnest(ARRAY[o.created_at, n.created_at]) AS x
      WHERE (o.kind, o.status, o.amount, o.created_at) IS DISTINCT FROM (n.kind, n.status, n.amount, n.created_at)));
  END IF;
  RETURN NULL;
END $$;
