-- Statement trigger on users (insert, update, delete): marks the registration days whose counts a
-- change touches (created_at, or a role change that moves a user in or out of the planner users) for the
-- dashboard's rollup job (migration 0013, decision 0016).
CREATE OR REPLACE FUNCTION pult_mark_user_days() RETURNS trigger LANGUAGE plpgsql AS $$
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
      WHERE (o.role, o.created_at) IS DISTINCT FROM (n.role, n.created_at)));
  END IF;
  RETURN NULL;
END $$;
