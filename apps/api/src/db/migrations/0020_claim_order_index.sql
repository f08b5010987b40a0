-- The dispatcher claims a batch with ORDER BY due_at, id LIMIT 1000 (modules/push/dispatcher.ts).
-- With id at the end of the index the batch is read in that order and the scan stops after it;
-- without it every claim sorted all of the reminder's pending rows, so a send to N devices cost
-- N²/1000 row reads (1,267,565 devices: 452 s, 2,805 a second).
DROP INDEX "push_deliveries_due_idx";--> statement-breakpoint
CREATE INDEX "push_deliveries_due_idx" ON "push_deliveries" USING btree ("reminder_id","state","due_at","id");
