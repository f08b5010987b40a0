-- Presence and soft edit locks (docs/decisions/0043): which tab has a record open, and which holds its edit lock.
-- Rows live while their tab beats; an expired row counts for nothing and is swept (and announced) by any process.
CREATE TABLE "record_presence" (
	"resource" text NOT NULL,
	"record_id" integer NOT NULL,
	"tab" text NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "record_presence_resource_record_id_tab_pk" PRIMARY KEY("resource","record_id","tab"),
	CONSTRAINT "record_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "record_presence_expires_idx" ON "record_presence" USING btree ("expires_at");
--> statement-breakpoint
CREATE INDEX "record_presence_user_idx" ON "record_presence" USING btree ("user_id");
--> statement-breakpoint
-- One lock per record (its primary key): taking it is one INSERT … ON CONFLICT DO UPDATE … WHERE, so of two
-- tabs taking a free lock at once exactly one gets it, in any process.
CREATE TABLE "edit_locks" (
	"resource" text NOT NULL,
	"record_id" integer NOT NULL,
	"tab" text NOT NULL,
	"user_id" integer NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "edit_locks_resource_record_id_pk" PRIMARY KEY("resource","record_id"),
	CONSTRAINT "edit_locks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "edit_locks_expires_idx" ON "edit_locks" USING btree ("expires_at");
--> statement-breakpoint
CREATE INDEX "edit_locks_user_idx" ON "edit_locks" USING btree ("user_id");
--> statement-breakpoint
-- Orders the states of a record's presence: of two announcements, the one with the larger number is newer.
CREATE SEQUENCE "record_presence_seq";
--> statement-breakpoint
-- Undo of a destructive bulk action: what each changed row was before and its version right after, for a short while.
CREATE TABLE "bulk_undos" (
	"id" text PRIMARY KEY NOT NULL,
	"actor_id" integer NOT NULL,
	"action" text NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"undone_at" timestamp with time zone,
	"result" jsonb,
	CONSTRAINT "bulk_undos_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE cascade,
	CONSTRAINT "bulk_undos_items_check" CHECK (jsonb_typeof("bulk_undos"."items") = 'array'),
	CONSTRAINT "bulk_undos_action_check" CHECK ("bulk_undos"."action" ~ '^[a-z][a-z0-9]*(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE INDEX "bulk_undos_expires_idx" ON "bulk_undos" USING btree ("expires_at");
--> statement-breakpoint
CREATE INDEX "bulk_undos_actor_idx" ON "bulk_undos" USING btree ("actor_id");
