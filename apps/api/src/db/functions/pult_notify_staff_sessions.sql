-- Tells every API process that these staff members' cached sessions may no longer hold (channel
-- pult_sessions, docs/decisions/0051): the same payload sessionsChanged sends, with the key 'db' (no
-- process waits for it). More than 500 people, or a payload past NOTIFY's 8,000 bytes, empties every
-- cache instead. Delivered at commit, never for a rollback; identical payloads in one transaction go once.
CREATE OR REPLACE FUNCTION pult_notify_staff_sessions(p_users integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(p_users), 0) = 0 THEN RETURN; END IF;
  PERFORM pg_notify('pult_sessions', CASE
    WHEN cardinality(p_users) > 500 THEN '{"key":"db","users":"all"}'
    ELSE json_build_object('key', 'db', 'users', p_users)::text
  END);
END $$;
