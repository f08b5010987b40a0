CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"lease_owner" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" IN ('pending', 'running', 'done', 'failed', 'canceled')),
	CONSTRAINT "jobs_kind_check" CHECK ("jobs"."kind" ~ '^[a-z][a-z-]*$'),
	CONSTRAINT "jobs_lease_check" CHECK ("jobs"."status" <> 'running' OR "jobs"."lease_until" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_kind_subject_key" ON "jobs" USING btree ("kind","subject_id");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
-- Hand-written: series still being generated become jobs, so their generation resumes after the upgrade.
INSERT INTO "jobs" ("kind", "subject_id", "status", "run_at")
SELECT 'promo-generation', "id", 'pending', now() FROM "promo_series" WHERE "generation_status" IN ('pending', 'running');--> statement-breakpoint
-- Generated again:
ALTER TABLE "promo_series" DROP COLUMN "generation_lease_until";