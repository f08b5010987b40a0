-- Trigger: consent records are append-only. The only change allowed is anonymisation, which may
-- erase (set to null) the address and the user agent; any other change, or a delete, is refused with
-- PU409 / HINT CONFLICT (migration 0011, decision 0014).
CREATE OR REPLACE FUNCTION agreement_consents_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
    OR NEW.id IS DISTINCT FROM OLD.id
    OR NEW.user_id IS DISTINCT FROM OLD.user_id
    OR NEW.agreement_id IS DISTINCT FROM OLD.agreement_id
    OR NEW.content_hash IS DISTINCT FROM OLD.content_hash
    OR NEW.accepted_at IS DISTINCT FROM OLD.accepted_at
    OR NEW.app_version IS DISTINCT FROM OLD.app_version
    OR (NEW.ip IS NOT NULL AND NEW.ip IS DISTINCT FROM OLD.ip)
    OR (NEW.user_agent IS NOT NULL AND NEW.user_agent IS DISTINCT FROM OLD.user_agent) THEN
    RAISE EXCEPTION 'consent records are append-only' USING ERRCODE = 'PU409', HINT = 'CONFLICT';
  END IF;
  RETURN NEW;
END $$;
