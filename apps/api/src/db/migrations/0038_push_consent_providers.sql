-- Issue 34 (docs/decisions/0039): push providers per device, advertising consent, categories, skips.
-- Written by hand (docs/decisions/0004). Column defaults keep ADD COLUMN a catalog change on big tables.

-- Each device carries the push service its token belongs to; existing ones came from FCM or Web Push.
-- The default stays for writers that predate providers (the app's registration always names one).
ALTER TABLE "devices" ADD COLUMN "provider" text DEFAULT 'fcm' NOT NULL;
--> statement-breakpoint
UPDATE "devices" SET "provider" = 'webpush' WHERE "platform" = 'web';
--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_provider_check" CHECK ("devices"."provider" IN ('fcm', 'webpush', 'rustore', 'hms'));
--> statement-breakpoint

-- A push is a service message or advertising (38-FZ art. 18); what was sent before was service.
ALTER TABLE "reminders" ADD COLUMN "category" text DEFAULT 'service' NOT NULL;
--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_category_check" CHECK ("reminders"."category" IN ('service', 'advertising'));
--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "skipped" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "reminders" DROP CONSTRAINT "reminders_counters_check";
--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_counters_check" CHECK ("reminders"."sent" >= 0 AND "reminders"."failed" >= 0 AND "reminders"."opened" >= 0 AND "reminders"."skipped" >= 0);
--> statement-breakpoint

-- A delivery goes through its device's provider (kept on the row for the funnel) and may be skipped
-- when its batch is sent: no advertising consent, or a frequency cap reached.
ALTER TABLE "push_deliveries" ADD COLUMN "provider" text DEFAULT 'fcm' NOT NULL;
--> statement-breakpoint
UPDATE "push_deliveries" SET "provider" = 'webpush' WHERE "platform" = 'web';
--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_provider_check" CHECK ("push_deliveries"."provider" IN ('fcm', 'webpush', 'rustore', 'hms'));
--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD COLUMN "skip_reason" text;
--> statement-breakpoint
ALTER TABLE "push_deliveries" DROP CONSTRAINT "push_deliveries_state_check";
--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_state_check" CHECK ("push_deliveries"."state" IN ('pending', 'claimed', 'sent', 'failed', 'skipped'));
--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_skip_check" CHECK (("push_deliveries"."state" = 'skipped') = ("push_deliveries"."skip_reason" IS NOT NULL) AND ("push_deliveries"."skip_reason" IS NULL OR "push_deliveries"."skip_reason" IN ('no_consent', 'cap_day', 'cap_week')));
--> statement-breakpoint
-- The frequency caps count a person's advertising pushes sent since the start of their day and week.
CREATE INDEX "push_deliveries_user_sent_idx" ON "push_deliveries" ("user_id", "sent_at") WHERE "state" = 'sent';
--> statement-breakpoint

-- Consents a planner user gave or withdrew, appended and never changed: the latest one counts, the
-- rest is the proof a regulator asks for (time, wording version, address, app version).
CREATE TABLE "consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"granted" boolean NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"version" text,
	"ip" "inet",
	"user_agent" text,
	"app_version" text,
	CONSTRAINT "consents_type_check" CHECK ("consents"."type" IN ('advertising'))
);
--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "consents_user_idx" ON "consents" ("user_id", "type", "at", "id");
