-- The audit viewer filters by request id (docs/decisions/0033): a partial index, since rows written outside a request have none.
CREATE INDEX "audit_events_request_idx" ON "audit_events" USING btree ("request_id") WHERE "audit_events"."request_id" IS NOT NULL;
