CREATE TABLE "tg_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tg_categories_title_check" CHECK (btrim("tg_categories"."title") <> ''),
	CONSTRAINT "tg_categories_sort_order_check" CHECK ("tg_categories"."sort_order" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tg_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"username" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category_id" integer NOT NULL,
	"icon" text,
	"telegram_photo_id" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"subscribers" integer,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tg_channels_title_check" CHECK (btrim("tg_channels"."title") <> ''),
	CONSTRAINT "tg_channels_username_check" CHECK ("tg_channels"."username" ~ '^[A-Za-z][A-Za-z0-9_]{3,30}[A-Za-z0-9]$'),
	CONSTRAINT "tg_channels_sort_order_check" CHECK ("tg_channels"."sort_order" >= 0),
	CONSTRAINT "tg_channels_subscribers_check" CHECK ("tg_channels"."subscribers" IS NULL OR "tg_channels"."subscribers" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tg_channels" ADD CONSTRAINT "tg_channels_category_id_tg_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."tg_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tg_categories_title_key" ON "tg_categories" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "tg_categories_order_idx" ON "tg_categories" USING btree ("sort_order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tg_channels_username_key" ON "tg_channels" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "tg_channels_category_order_idx" ON "tg_channels" USING btree ("category_id","sort_order","id");