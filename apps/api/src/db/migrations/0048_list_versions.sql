-- Issue 37 (target 4): a change counter for the Telegram lists, so an unchanged list is answered
-- without reading it (docs/decisions/0023). Written by hand (0004). The function is db/functions'.
-- One row per revalidated list: its version, counted up by each writing statement, and a random stamp
-- that the API puts in the list's ETag and its per-process cache key.
CREATE TABLE list_versions (
  list text PRIMARY KEY,
  version bigint NOT NULL,
  stamp uuid NOT NULL,
  changed_at timestamptz NOT NULL
);
--> statement-breakpoint
INSERT INTO list_versions (list, version, stamp, changed_at) VALUES ('telegram', 1, gen_random_uuid(), now());
--> statement-breakpoint
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
--> statement-breakpoint
-- Both Telegram lists read both tables: the channels are ordered by their category's place, and each
-- category counts its channels. After the statement, so its row locks come first (no writer holds the
-- version row while it waits for a row another writer locked before its own write).
CREATE TRIGGER tg_channels_list_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tg_channels
  FOR EACH STATEMENT EXECUTE FUNCTION pult_list_changed('telegram');
--> statement-breakpoint
CREATE TRIGGER tg_categories_list_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tg_categories
  FOR EACH STATEMENT EXECUTE FUNCTION pult_list_changed('telegram');
