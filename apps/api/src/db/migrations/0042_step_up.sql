-- Issue 31: step-up, a fresh proof before the dangerous actions. Written by hand (docs/decisions/0004, 0044).
-- When the session last proved its owner (the sign-in itself, or a step-up since): a listed action needs
-- this within the last 5 minutes. Existing sessions proved it at their sign-in.
ALTER TABLE "sessions" ADD COLUMN "stepped_up_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
UPDATE "sessions" SET "stepped_up_at" = "created_at";
--> statement-breakpoint
-- The challenge a passkey must sign to step this session up: one at a time, for 5 minutes.
ALTER TABLE "sessions" ADD COLUMN "step_up_challenge" text;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "step_up_challenge_expires_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_step_up_challenge_check" CHECK (("sessions"."step_up_challenge" IS NULL) = ("sessions"."step_up_challenge_expires_at" IS NULL) AND length("sessions"."step_up_challenge") BETWEEN 16 AND 200);
