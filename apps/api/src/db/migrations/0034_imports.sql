-- Issue 36 (docs/decisions/0037): imports of users, promo codes and Telegram channels from CSV/XLSX.
-- Written by hand (docs/decisions/0004). `imports` is one upload and its counts; `import_rows` holds
-- each row of the file while it is checked (duplicates and taken keys are found in SQL, not in memory)
-- and, after the import, the id of the record each row created: what an undo removes, and nothing else.
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"dry_run" boolean NOT NULL,
	"on_invalid" text DEFAULT 'abort' NOT NULL,
	"series_id" integer,
	"file_key" text,
	"file_name" text DEFAULT '' NOT NULL,
	"format" text,
	"encoding" text,
	"delimiter" text,
	"sheet" text,
	"mapping_sent" jsonb,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"phase" text DEFAULT 'staging' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"valid" integer DEFAULT 0 NOT NULL,
	"invalid" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"inserted_through" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"undo_refusals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	CONSTRAINT "imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id"),
	CONSTRAINT "imports_series_id_promo_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "promo_series"("id"),
	CONSTRAINT "imports_kind_check" CHECK ("kind" IN ('users', 'promo-codes', 'tg-channels')),
	CONSTRAINT "imports_status_check" CHECK ("status" IN ('queued', 'running', 'done', 'failed', 'undone')),
	CONSTRAINT "imports_on_invalid_check" CHECK ("on_invalid" IN ('skip', 'abort')),
	CONSTRAINT "imports_phase_check" CHECK ("phase" IN ('staging', 'inserting')),
	CONSTRAINT "imports_series_check" CHECK (("kind" = 'promo-codes') = ("series_id" IS NOT NULL)),
	CONSTRAINT "imports_counts_check" CHECK ("total" >= 0 AND "valid" >= 0 AND "invalid" >= 0 AND "imported" BETWEEN 0 AND "valid"),
	CONSTRAINT "imports_failed_check" CHECK ("status" <> 'failed' OR "failure" IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX "imports_created_by_idx" ON "imports" USING btree ("created_by");
--> statement-breakpoint
CREATE INDEX "imports_series_idx" ON "imports" USING btree ("series_id") WHERE "series_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"import_id" integer NOT NULL,
	"row" integer NOT NULL,
	"key" text,
	"data" jsonb,
	"cells" jsonb NOT NULL,
	"errors" jsonb,
	"record_id" bigint,
	CONSTRAINT "import_rows_pkey" PRIMARY KEY ("import_id", "row"),
	CONSTRAINT "import_rows_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "imports"("id") ON DELETE CASCADE,
	CONSTRAINT "import_rows_errors_check" CHECK ("errors" IS NULL OR jsonb_typeof("errors") = 'array'),
	CONSTRAINT "import_rows_valid_check" CHECK ("errors" IS NOT NULL OR ("key" IS NOT NULL AND "data" IS NOT NULL)),
	CONSTRAINT "import_rows_record_check" CHECK ("record_id" IS NULL OR "errors" IS NULL)
);
--> statement-breakpoint
CREATE INDEX "import_rows_key_idx" ON "import_rows" USING btree ("import_id", "key");
--> statement-breakpoint
CREATE INDEX "import_rows_record_idx" ON "import_rows" USING btree ("import_id", "record_id") WHERE "record_id" IS NOT NULL;
