-- Issue 32 (docs/decisions/0036): a version on every record staff edit, the records' history, and the
-- tickets that open the live-events stream. Written by hand (docs/decisions/0004).
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "promo_series" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "tg_channels" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "tg_categories" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TABLE "record_revisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"resource" text NOT NULL,
	"record_id" text NOT NULL,
	"version" integer NOT NULL,
	"action" text NOT NULL,
	"actor_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"changes" jsonb NOT NULL,
	"state" jsonb NOT NULL,
	CONSTRAINT "record_revisions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "users"("id"),
	CONSTRAINT "record_revisions_changes_check" CHECK (jsonb_typeof("record_revisions"."changes") = 'array'),
	CONSTRAINT "record_revisions_state_check" CHECK (jsonb_typeof("record_revisions"."state") = 'object'),
	CONSTRAINT "record_revisions_action_check" CHECK ("record_revisions"."action" ~ '^[a-z][a-z0-9]*(-[a-z0-9]+)*$'),
	CONSTRAINT "record_revisions_resource_check" CHECK ("record_revisions"."resource" ~ '^[a-z][a-z0-9]*(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE INDEX "record_revisions_record_idx" ON "record_revisions" USING btree ("resource","record_id","id");
--> statement-breakpoint
CREATE INDEX "record_revisions_actor_idx" ON "record_revisions" USING btree ("actor_id");
--> statement-breakpoint
CREATE TABLE "event_tickets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "event_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id")
);
--> statement-breakpoint
CREATE INDEX "event_tickets_user_idx" ON "event_tickets" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "event_tickets_expires_idx" ON "event_tickets" USING btree ("expires_at");
