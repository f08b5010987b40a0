-- Hand-written: errors kept before jobs trimmed theirs. A failed query's text named its parameter
-- values ("Failed query: … params: …"): drop them, then cut to the new limit.
UPDATE "jobs" SET "last_error" = regexp_replace("last_error", '\nparams: .*$', '') WHERE "last_error" LIKE '%params: %';--> statement-breakpoint
UPDATE "jobs" SET "last_error" = left("last_error", 499) || '…' WHERE length("last_error") > 500;--> statement-breakpoint
UPDATE "jobs" SET "last_error" = 'Unknown error' WHERE "status" = 'failed' AND "last_error" IS NULL;--> statement-breakpoint
-- Generated:
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_failed_error_check" CHECK ("jobs"."status" <> 'failed' OR "jobs"."last_error" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_last_error_check" CHECK (length("jobs"."last_error") <= 500);