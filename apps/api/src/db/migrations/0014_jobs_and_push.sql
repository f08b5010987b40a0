CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"lease_owner" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" IN ('pending', 'running', 'done', 'failed', 'canceled')),
	CONSTRAINT "jobs_kind_check" CHECK ("jobs"."kind" ~ '^[a-z][a-z-]*$'),
	CONSTRAINT "jobs_lease_check" CHECK ("jobs"."status" <> 'running' OR "jobs"."lease_until" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_kind_subject_key" ON "jobs" USING btree ("kind","subject_id");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
-- Hand-written: series still being generated become jobs, so their generation resumes after the upgrade.
INSERT INTO "jobs" ("kind", "subject_id", "status", "run_at")
SELECT 'promo-generation', "id", 'pending', now() FROM "promo_series" WHERE "generation_status" IN ('pending', 'running');--> statement-breakpoint
-- Generated again:
ALTER TABLE "promo_series" DROP COLUMN "generation_lease_until";
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token" text NOT NULL,
	"platform" text NOT NULL,
	"time_zone" text,
	"locale" text,
	"app_version" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_platform_check" CHECK ("devices"."platform" IN ('android', 'ios', 'web')),
	CONSTRAINT "devices_token_check" CHECK (length("devices"."token") BETWEEN 1 AND 4096)
);
--> statement-breakpoint
CREATE TABLE "push_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"reminder_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"platform" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "push_deliveries_state_check" CHECK ("push_deliveries"."state" IN ('pending', 'claimed', 'sent', 'failed')),
	CONSTRAINT "push_deliveries_platform_check" CHECK ("push_deliveries"."platform" IN ('android', 'ios', 'web')),
	CONSTRAINT "push_deliveries_failure_check" CHECK ("push_deliveries"."state" <> 'failed' OR "push_deliveries"."error" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"type" text NOT NULL,
	"user_ids" jsonb,
	"deeplink" text,
	"scheduled_at" timestamp with time zone NOT NULL,
	"local_time" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"targeted_at" timestamp with time zone,
	"targeted" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_type_check" CHECK ("reminders"."type" IN ('all', 'subscribers', 'non-subscribers', 'users')),
	CONSTRAINT "reminders_status_check" CHECK ("reminders"."status" IN ('scheduled', 'sending', 'sent', 'canceled', 'failed')),
	CONSTRAINT "reminders_users_check" CHECK (("reminders"."type" = 'users') = ("reminders"."user_ids" IS NOT NULL)),
	CONSTRAINT "reminders_counters_check" CHECK ("reminders"."sent" >= 0 AND "reminders"."failed" >= 0 AND "reminders"."opened" >= 0)
);
--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_reminder_id_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."reminders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_token_key" ON "devices" USING btree ("token");--> statement-breakpoint
CREATE INDEX "devices_user_idx" ON "devices" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_deliveries_reminder_device_key" ON "push_deliveries" USING btree ("reminder_id","device_id");--> statement-breakpoint
CREATE INDEX "push_deliveries_due_idx" ON "push_deliveries" USING btree ("reminder_id","state","due_at");--> statement-breakpoint
CREATE INDEX "push_deliveries_device_idx" ON "push_deliveries" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "push_deliveries_user_idx" ON "push_deliveries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reminders_scheduled_idx" ON "reminders" USING btree ("scheduled_at","id");--> statement-breakpoint
CREATE INDEX "reminders_created_by_idx" ON "reminders" USING btree ("created_by");