-- Marks a shared list as changed (migration 0048, docs/decisions/0023): the statement triggers of the
-- tables a revalidated list reads call it with the list's name. It gives the list's row of
-- list_versions the next version and a new random stamp in the writing transaction, so the change and
-- its mark commit together and a reader's snapshot never holds one without the other. The API's
-- handler reads that one row first: the same stamp means the same answer (304, or the bytes it already
-- encoded); a new one means read the list again. The stamp is random, not the counter, because a
-- restore brings back an older row with its data: counting up from there must not make a version
-- some process already cached for other data. Every writer of these tables queues on the row until it
-- commits: they are staff's edits and imports, a few a minute.
CREATE OR REPLACE FUNCTION pult_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_versions AS v (list, version, stamp, changed_at)
  VALUES (TG_ARGV[0], 1, gen_random_uuid(), now())
  ON CONFLICT (list) DO UPDATE SET version = v.version + 1, stamp = excluded.stamp, changed_at = excluded.changed_at;
  RETURN NULL;
END $$;
