CREATE TABLE "promo_activation_refusals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"ip" "inet",
	"reason" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "promo_activation_refusals_reason_check" CHECK ("promo_activation_refusals"."reason" ~ '^[A-Z][A-Z_]*$')
);
--> statement-breakpoint
ALTER TABLE "session_tokens" ADD COLUMN "successor" text;--> statement-breakpoint
ALTER TABLE "promo_activation_refusals" ADD CONSTRAINT "promo_activation_refusals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_activation_refusals_at_idx" ON "promo_activation_refusals" USING btree ("at");--> statement-breakpoint
CREATE INDEX "promo_activation_refusals_user_idx" ON "promo_activation_refusals" USING btree ("user_id","at");