CREATE TABLE "backup_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"trigger" text NOT NULL,
	"file" text,
	"size_bytes" bigint,
	"error" text,
	CONSTRAINT "backup_runs_status_check" CHECK ("backup_runs"."status" IN ('done', 'failed')),
	CONSTRAINT "backup_runs_trigger_check" CHECK ("backup_runs"."trigger" IN ('schedule', 'command')),
	CONSTRAINT "backup_runs_done_size_check" CHECK ("backup_runs"."status" <> 'done' OR ("backup_runs"."size_bytes" IS NOT NULL AND "backup_runs"."size_bytes" >= 0)),
	CONSTRAINT "backup_runs_failed_error_check" CHECK ("backup_runs"."status" <> 'failed' OR "backup_runs"."error" IS NOT NULL),
	CONSTRAINT "backup_runs_error_length_check" CHECK (length("backup_runs"."error") <= 500),
	CONSTRAINT "backup_runs_file_length_check" CHECK (length("backup_runs"."file") <= 255)
);
--> statement-breakpoint
CREATE INDEX "backup_runs_status_finished_idx" ON "backup_runs" USING btree ("status","finished_at");