-- Issue 36 (docs/decisions/0042): an import may update the records its rows match (users by e-mail,
-- channels by name) when the person chooses so. Written by hand (docs/decisions/0004).
-- `imports.on_existing`: `refuse` (a matched key is refused as taken, as before) or `update`; never for
-- promo codes (a code's file carries nothing but the code). `to_update` / `unchanged` count the matched
-- rows that would change their record and those that would not; `updated` the records the run changed.
-- `import_rows.existing_id` is the matched record, `changes` its fields that would change (field →
-- { from, to }, for the dry run), `before` the record's fields as they were when the import changed
-- them and `written_at` the `updated_at` the import gave it: an undo puts `before` back only while the
-- record still carries that stamp.
ALTER TABLE "imports" ADD COLUMN "on_existing" text DEFAULT 'refuse' NOT NULL;
--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "to_update" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "unchanged" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "updated" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_on_existing_check" CHECK ("on_existing" IN ('refuse', 'update'));
--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_on_existing_kind_check" CHECK ("on_existing" = 'refuse' OR "kind" <> 'promo-codes');
--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_updates_check" CHECK ("to_update" >= 0 AND "unchanged" >= 0 AND "updated" BETWEEN 0 AND "imported");
--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "existing_id" bigint;
--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "changes" jsonb;
--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "before" jsonb;
--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "written_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_before_check" CHECK ("before" IS NULL OR ("record_id" IS NOT NULL AND "written_at" IS NOT NULL));
--> statement-breakpoint
-- Speed (issue 36's scale): every valid row is written twice, staged and then given its record's id.
-- Half of each page is left free and record_id is no longer indexed, so that second write is a HOT
-- update (the new version on the same page, no index entries): measured 0.14 s instead of 2.4 s per
-- 20,000 rows on PostgreSQL. An undo finds an import's records by the primary key's import_id prefix.
-- Nor is the key indexed: every check by key runs over all of an import's rows at once (a sort for the
-- repeats, a join for the taken), and the index made staging three times slower (9.0 s against 2.7 s
-- per 300,000 rows of codes, measured).
ALTER TABLE "import_rows" SET (fillfactor = 50);
--> statement-breakpoint
DROP INDEX "import_rows_record_idx";
--> statement-breakpoint
DROP INDEX "import_rows_key_idx";
