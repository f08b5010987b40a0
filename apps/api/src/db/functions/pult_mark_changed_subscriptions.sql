-- The days a subscription change touches, marked for the dashboard's rollup job: its old and new
-- start and end, and the end of every other subscription of the same owner, whose "renewed" or "churned"
-- status may flip (a new subscription may cover its end). Called by pult_mark_subscription_days.
--
-- PL/pgSQL since migration 0018 (was SQL in 0013), for the same reason as pult_mark_rollup_days: a
-- non-inlined SQL function is planned on every call.
CREATE OR REPLACE FUNCTION pult_mark_changed_subscriptions(changed jsonb) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  WITH c AS (
    SELECT (e->>'owner')::integer AS owner, (e->>'started_at')::timestamptz AS started_at,
      (e->>'expires_at')::timestamptz AS expires_at
    FROM jsonb_array_elements(changed) AS e
  )
  INSERT INTO dashboard_rollup_days (day)
  SELECT DISTINCT d FROM (
    SELECT pult_day(c.started_at) FROM c
    UNION SELECT pult_day(c.expires_at) FROM c
    UNION SELECT pult_day(s.expires_at) FROM subscriptions s WHERE s.owner IN (SELECT c.owner FROM c)) AS x(d)
  WHERE d IS NOT NULL
  ON CONFLICT DO NOTHING;
END $$;
