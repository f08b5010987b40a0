-- The request an audit row was written by (X-Request-Id, as on the request's log lines); null for rows
-- written outside a request and for every row before this migration. The column is metadata only; the
-- check is added NOT VALID and proven after the migration without blocking writes (validate-constraints.ts).
ALTER TABLE "audit_events" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_request_id_check" CHECK ("audit_events"."request_id" ~ '^[A-Za-z0-9._:-]{1,128}$') NOT VALID;
