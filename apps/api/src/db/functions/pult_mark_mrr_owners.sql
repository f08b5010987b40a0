-- Statement trigger on subscriptions: queues the owners whose MRR movements may have changed (a
-- purchased subscription inserted, deleted, or changed in a column the movements read) in
-- mrr_dirty_owners, which the rollup job folds into mrr_movements and mrr_daily (migration 0037,
-- decision 0038). ON CONFLICT DO NOTHING takes no row lock, so concurrent purchases do not queue.
CREATE OR REPLACE FUNCTION pult_mark_mrr_owners() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pult_rollup_marks_off() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO mrr_dirty_owners (owner)
    SELECT DISTINCT n.owner FROM new_rows n WHERE n.source = 'purchase'
    ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO mrr_dirty_owners (owner)
    SELECT DISTINCT o.owner FROM old_rows o WHERE o.source = 'purchase'
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO mrr_dirty_owners (owner)
    SELECT DISTINCT x.owner FROM old_rows o JOIN new_rows n USING (id),
      LATERAL (VALUES (o.owner, o.source), (n.owner, n.source)) AS x(owner, source)
    WHERE x.source = 'purchase'
      AND (o.owner, o.plan_id, o.status = 'canceled', o.source, o.started_at, o.expires_at)
        IS DISTINCT FROM (n.owner, n.plan_id, n.status = 'canceled', n.source, n.started_at, n.expires_at)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
