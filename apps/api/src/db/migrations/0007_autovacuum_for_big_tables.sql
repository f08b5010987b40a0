-- The big lists read their pages by index-only scans, which skip the heap only for pages VACUUM has
-- marked all-visible. With the default thresholds autovacuum visits a 5 M-row table after a million
-- inserts (20 %), so the newest rows — the first pages of every newest-first list — stay unmarked:
-- measured on transactions after 98 000 new grants, page 1 000 made 20 000 heap fetches (13.5 ms
-- instead of 4.2 ms). Vacuum these tables after 0.5 % new rows and 2 % changed ones instead; on an
-- append-mostly table each such vacuum only reads the pages written since the last one.
ALTER TABLE "users" SET (autovacuum_vacuum_insert_scale_factor = 0.005, autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);--> statement-breakpoint
ALTER TABLE "subscriptions" SET (autovacuum_vacuum_insert_scale_factor = 0.005, autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);--> statement-breakpoint
ALTER TABLE "transactions" SET (autovacuum_vacuum_insert_scale_factor = 0.005, autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);--> statement-breakpoint
ALTER TABLE "promo_codes" SET (autovacuum_vacuum_insert_scale_factor = 0.005, autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);--> statement-breakpoint
ALTER TABLE "audit_events" SET (autovacuum_vacuum_insert_scale_factor = 0.005, autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
