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
