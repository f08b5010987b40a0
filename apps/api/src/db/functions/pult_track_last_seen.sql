-- Statement trigger on users: the moves of planner users' last_seen_at (and of role changes) for
-- pult_count_last_seen, so the dashboard's "active users" needs no scan of users (migration 0013).
CREATE OR REPLACE FUNCTION pult_track_last_seen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pult_rollup_marks_off() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM pult_count_last_seen((SELECT coalesce(jsonb_agg(jsonb_build_object('day', pult_day(n.last_seen_at), 'delta', 1)), '[]')
      FROM new_rows n WHERE n.role = 'user' AND n.last_seen_at IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pult_count_last_seen((SELECT coalesce(jsonb_agg(jsonb_build_object('day', pult_day(o.last_seen_at), 'delta', -1)), '[]')
      FROM old_rows o WHERE o.role = 'user' AND o.last_seen_at IS NOT NULL));
  ELSE
    PERFORM pult_count_last_seen((SELECT coalesce(jsonb_agg(x.move), '[]')
      FROM old_rows o JOIN new_rows n USING (id),
        LATERAL (
          SELECT jsonb_build_object('day', pult_day(o.last_seen_at), 'delta', -1) WHERE o.role = 'user' AND o.last_seen_at IS NOT NULL
          UNION ALL
          SELECT jsonb_build_object('day', pult_day(n.last_seen_at), 'delta', 1) WHERE n.role = 'user' AND n.last_seen_at IS NOT NULL
        ) AS x(move)
      WHERE (o.role, o.last_seen_at) IS DISTINCT FROM (n.role, n.last_seen_at)));
  END IF;
  RETURN NULL;
END $$;
