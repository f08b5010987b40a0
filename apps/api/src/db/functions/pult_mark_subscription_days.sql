-- Statement trigger on subscriptions: hands the changed rows (old and new, only when a counted
-- column changed) to pult_mark_changed_subscriptions (migration 0013, decision 0016).
CREATE OR REPLACE FUNCTION pult_mark_subscription_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pult_rollup_marks_off() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM pult_mark_changed_subscriptions(
      (SELECT coalesce(jsonb_agg(jsonb_build_object('owner', n.owner, 'started_at', n.started_at, 'expires_at', n.expires_at)), '[]') FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pult_mark_changed_subscriptions(
      (SELECT coalesce(jsonb_agg(jsonb_build_object('owner', o.owner, 'started_at', o.started_at, 'expires_at', o.expires_at)), '[]') FROM old_rows o));
  ELSE
    PERFORM pult_mark_changed_subscriptions((
      SELECT coalesce(jsonb_agg(x.row), '[]') FROM old_rows o JOIN new_rows n USING (id),
        LATERAL (VALUES
          (jsonb_build_object('owner', o.owner, 'started_at', o.started_at, 'expires_at', o.expires_at)),
          (jsonb_build_object('owner', n.owner, 'started_at', n.started_at, 'expires_at', n.expires_at))) AS x(row)
      WHERE (o.owner, o.plan_id, o.status, o.source, o.started_at, o.expires_at)
        IS DISTINCT FROM (n.owner, n.plan_id, n.status, n.source, n.started_at, n.expires_at)));
  END IF;
  RETURN NULL;
END $$;
