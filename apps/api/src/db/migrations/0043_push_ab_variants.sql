-- Issue 34 (docs/decisions/0045): A/B texts. Written by hand (docs/decisions/0004).
-- A push may carry up to three more texts beside its own (variant 0), a split in percent, a holdout
-- that receives nothing, and a test window after which the winner goes to the rest. Kept as one
-- document on the push: it is read with the push and written once, at creation (the winner after).
ALTER TABLE "reminders" ADD COLUMN "ab" jsonb;
--> statement-breakpoint

-- Each delivery remembers the text it got (NULL: not an A/B push, or not yet chosen for the rest).
-- The rest of an A/B audience waits as `held` until the winner is sent; the holdout is `skipped`.
ALTER TABLE "push_deliveries" ADD COLUMN "variant" smallint;
--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_variant_check" CHECK ("push_deliveries"."variant" IS NULL OR "push_deliveries"."variant" BETWEEN 0 AND 3);
--> statement-breakpoint
ALTER TABLE "push_deliveries" DROP CONSTRAINT "push_deliveries_state_check";
--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_state_check" CHECK ("push_deliveries"."state" IN ('pending', 'claimed', 'sent', 'failed', 'skipped', 'held'));
--> statement-breakpoint
ALTER TABLE "push_deliveries" DROP CONSTRAINT "push_deliveries_skip_check";
--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_skip_check" CHECK (("push_deliveries"."state" = 'skipped') = ("push_deliveries"."skip_reason" IS NOT NULL) AND ("push_deliveries"."skip_reason" IS NULL OR "push_deliveries"."skip_reason" IN ('no_consent', 'cap_day', 'cap_week', 'holdout')));
