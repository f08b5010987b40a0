CREATE TABLE "list_column_settings" (
	"user_id" integer NOT NULL,
	"list_key" text NOT NULL,
	"columns" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_column_settings_user_id_list_key_pk" PRIMARY KEY("user_id","list_key"),
	CONSTRAINT "list_column_settings_list_key_check" CHECK ("list_column_settings"."list_key" IN ('users', 'subscriptions', 'user-subscriptions', 'transactions', 'promo-series', 'promo-codes-generated', 'promo-codes-activated', 'notes', 'push-notifications', 'tg-channels', 'audit-log')),
	CONSTRAINT "list_column_settings_columns_check" CHECK (jsonb_typeof("list_column_settings"."columns") = 'array')
);
--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"list_key" text NOT NULL,
	"name" text NOT NULL,
	"state" jsonb NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_views_list_key_check" CHECK ("saved_views"."list_key" IN ('users', 'subscriptions', 'user-subscriptions', 'transactions', 'promo-series', 'promo-codes-generated', 'promo-codes-activated', 'notes', 'push-notifications', 'tg-channels', 'audit-log')),
	CONSTRAINT "saved_views_name_check" CHECK (length("saved_views"."name") BETWEEN 1 AND 60 AND "saved_views"."name" = btrim("saved_views"."name")),
	CONSTRAINT "saved_views_state_check" CHECK (jsonb_typeof("saved_views"."state") = 'object')
);
--> statement-breakpoint
ALTER TABLE "list_column_settings" ADD CONSTRAINT "list_column_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_owner_list_name_idx" ON "saved_views" USING btree ("owner_id","list_key","name");--> statement-breakpoint
CREATE INDEX "saved_views_shared_idx" ON "saved_views" USING btree ("list_key") WHERE shared;