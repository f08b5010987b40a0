-- A user's current subscription, first in the owner's index (issue #16, target 4; docs/decisions/0024).
-- The lists and the export pick each user's current subscription as the one that ends last (no end
-- first), ties to the newest: ORDER BY expires_at DESC NULLS FIRST, id DESC. The old index (owner,
-- expires_at) gave that order only up to the tie, and the export of every user sorted all 1.5M
-- subscriptions (in each parallel worker, spilling to disk) before its first line. In this order the
-- current one is the owner's first entry; with plan_id and status carried in the index, the export walks
-- it once in owner order (an index-only scan, no sort) and a list's per-user probe reads one entry.
-- Drizzle cannot declare INCLUDE; schema.ts names the same key columns and says so.
CREATE INDEX "subscriptions_owner_latest_idx" ON "subscriptions" USING btree ("owner","expires_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("plan_id", "status");--> statement-breakpoint
DROP INDEX "subscriptions_owner_idx";
