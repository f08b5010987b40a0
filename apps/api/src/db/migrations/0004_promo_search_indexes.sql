CREATE INDEX "promo_codes_used_value_trgm" ON "promo_codes" USING gin ("value" gin_trgm_ops) WHERE "promo_codes"."status" <> 'new';--> statement-breakpoint
CREATE INDEX "promo_codes_activated_by_idx" ON "promo_codes" USING btree ("activated_by") WHERE "promo_codes"."activated_by" is not null;--> statement-breakpoint
-- Append-heavy tables: vacuum after 1% new rows instead of 20%, so index-only scans stay index-only.
ALTER TABLE "users" SET (autovacuum_vacuum_insert_scale_factor = 0.01);--> statement-breakpoint
ALTER TABLE "subscriptions" SET (autovacuum_vacuum_insert_scale_factor = 0.01);--> statement-breakpoint
ALTER TABLE "transactions" SET (autovacuum_vacuum_insert_scale_factor = 0.01);--> statement-breakpoint
ALTER TABLE "promo_codes" SET (autovacuum_vacuum_insert_scale_factor = 0.01);
