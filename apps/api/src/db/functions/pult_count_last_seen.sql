-- Moves each planner user whose last sighting changed from the old day's count to the new day's
-- (dashboard_last_seen), in the same transaction as the change. A random shard of the day's eight keeps
-- concurrent sign-ins from queueing on one row (migration 0013, decision 0016).
CREATE OR REPLACE FUNCTION pult_count_last_seen(moves jsonb) RETURNS void LANGUAGE sql VOLATILE AS $$
  INSERT INTO dashboard_last_seen AS l (day, shard, users)
  SELECT (m->>'day')::date, floor(random() * 8)::int, sum((m->>'delta')::int)::int
  FROM jsonb_array_elements(moves) AS m
  GROUP BY 1
  HAVING sum((m->>'delta')::int) <> 0
  ON CONFLICT (day, shard) DO UPDATE SET users = l.users + excluded.users
$$;
