-- Issue 37 (target 2): the session cache hears writes made behind the API's back (docs/decisions/0051).
-- Written by hand (0004). The functions are those of db/functions.
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
--> statement-breakpoint
-- Statement triggers on users, sessions and session_tokens (migration 0047, docs/decisions/0051): a
-- write that ends a staff member's session or changes what it may do notifies every process's session
-- cache, whoever made it. The API's own writes also call sessionsChanged (which marks the change in its
-- process before the commit); this covers the writes made behind its back (psql, a script, a restore).
-- Only staff count (role editor or admin, before or after): planner sessions are never cached.
CREATE OR REPLACE FUNCTION pult_staff_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' AND TG_OP = 'UPDATE' THEN
    PERFORM pult_notify_staff_sessions(ARRAY(
      SELECT o.id FROM old_rows o JOIN new_rows n USING (id)
      WHERE (o.role <> 'user' OR n.role <> 'user')
        AND (o.role, o.status, o.email, o.password_hash) IS DISTINCT FROM (n.role, n.status, n.email, n.password_hash)));
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pult_notify_staff_sessions(ARRAY(SELECT o.id FROM old_rows o WHERE o.role <> 'user'));
  ELSIF TG_TABLE_NAME = 'sessions' AND TG_OP = 'UPDATE' THEN
    PERFORM pult_notify_staff_sessions(ARRAY(
      SELECT DISTINCT u.id FROM old_rows o JOIN new_rows n USING (id) JOIN users u ON u.id IN (o.user_id, n.user_id)
      WHERE u.role <> 'user'
        AND ((o.user_id, o.revoked_at) IS DISTINCT FROM (n.user_id, n.revoked_at) OR n.expires_at < o.expires_at)));
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pult_notify_staff_sessions(ARRAY(
      SELECT DISTINCT u.id FROM old_rows o JOIN users u ON u.id = o.user_id
      WHERE u.role <> 'user' AND o.revoked_at IS NULL));
  ELSE
    -- session_tokens, deleted: an access token that no longer exists must not be answered from memory.
    PERFORM pult_notify_staff_sessions(ARRAY(
      SELECT DISTINCT u.id FROM old_rows o JOIN sessions s ON s.id = o.session_id JOIN users u ON u.id = s.user_id
      WHERE u.role <> 'user' AND o.kind = 'access'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_staff_sessions_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pult_staff_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER users_staff_sessions_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pult_staff_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_staff_sessions_update AFTER UPDATE ON sessions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pult_staff_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_staff_sessions_delete AFTER DELETE ON sessions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pult_staff_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER session_tokens_staff_sessions_delete AFTER DELETE ON session_tokens REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pult_staff_sessions_changed();
