-- The request that queued a job (its X-Request-Id): the job's log lines and statements carry it (docs/decisions/0033).
ALTER TABLE "jobs" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_request_id_check" CHECK ("jobs"."request_id" ~ '^[A-Za-z0-9._:-]{1,128}$');
