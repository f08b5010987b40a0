CREATE TABLE "promo_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"series_id" integer NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"activated_by" integer,
	"activated_at" timestamp with time zone,
	"blocked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "promo_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"code_length" integer NOT NULL,
	"codes_count" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"duration_days" integer NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"status" text DEFAULT 'enabled' NOT NULL,
	"basket_id" text,
	"basket_name" text,
	"generation_status" text DEFAULT 'pending' NOT NULL,
	"generation_error" text,
	"generated" integer DEFAULT 0 NOT NULL,
	"generation_lease_until" timestamp with time zone,
	"theme" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "promo_series_counters" (
	"series_id" integer NOT NULL,
	"shard" integer NOT NULL,
	"activated" integer DEFAULT 0 NOT NULL,
	"blocked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "promo_series_counters_series_id_shard_pk" PRIMARY KEY("series_id","shard")
);
--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_series_id_promo_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."promo_series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_activated_by_users_id_fk" FOREIGN KEY ("activated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_series" ADD CONSTRAINT "promo_series_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_series" ADD CONSTRAINT "promo_series_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_series_counters" ADD CONSTRAINT "promo_series_counters_series_id_promo_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."promo_series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_value_key" ON "promo_codes" USING btree ("value");--> statement-breakpoint
CREATE INDEX "promo_codes_series_idx" ON "promo_codes" USING btree ("series_id","id");--> statement-breakpoint
CREATE INDEX "promo_codes_series_used_idx" ON "promo_codes" USING btree ("series_id","activated_at") WHERE "promo_codes"."status" <> 'new';--> statement-breakpoint
CREATE INDEX "promo_series_created_idx" ON "promo_series" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "promo_series_generation_idx" ON "promo_series" USING btree ("generation_status");