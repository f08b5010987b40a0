-- Whether the day marks are off for this session: a bulk loader that rebuilds every rollup
-- afterwards (the seed) sets pult.rollups_rebuilt_after = 'on', and the statement triggers then skip the
-- marking (migration 0013).
CREATE OR REPLACE FUNCTION pult_rollup_marks_off() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('pult.rollups_rebuilt_after', true), '') = 'on'
$$;
