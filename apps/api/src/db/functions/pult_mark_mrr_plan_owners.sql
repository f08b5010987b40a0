-- Statement trigger on subscription_plans: a plan's price or period re-rates the MRR of everyone who
-- bought it (MRR reads today's plan prices, decision 0016), so every such owner is queued for the
-- rollup job (migration 0037, decision 0038), through the subscriptions' plan index.
CREATE OR REPLACE FUNCTION pult_mark_mrr_plan_owners() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pult_rollup_marks_off() THEN RETURN NULL; END IF;
  INSERT INTO mrr_dirty_owners (owner)
  SELECT DISTINCT s.owner FROM subscriptions s
  WHERE s.source = 'purchase' AND s.plan_id IN (
    SELECT n.id FROM old_rows o JOIN new_rows n USING (id)
    WHERE (o.price, o.period) IS DISTINCT FROM (n.price, n.period))
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
