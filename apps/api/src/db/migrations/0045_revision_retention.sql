-- Issue 32: retention of the records' history as a setting (docs/decisions/0047). Written by hand (0004).
-- A revision is superseded once a newer one of the same record exists; only those may be purged, and the
-- purge finds them, oldest first, by a partial index instead of checking every old revision.
ALTER TABLE "record_revisions" ADD COLUMN "superseded" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "record_revisions" r SET "superseded" = true
WHERE EXISTS (SELECT 1 FROM "record_revisions" n
              WHERE n."resource" = r."resource" AND n."record_id" = r."record_id" AND n."id" > r."id");
--> statement-breakpoint
CREATE INDEX "record_revisions_superseded_at_idx" ON "record_revisions" USING btree ("at") WHERE "superseded";
