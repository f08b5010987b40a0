-- Issue 31: passkeys (WebAuthn) as a second factor beside TOTP. Written by hand (docs/decisions/0004, 0041).
-- A passkey: the public half (COSE, base64url) of a key the authenticator keeps; its signature counter
-- guards against clones. Ids and keys are base64url text, read alike by pg and PGlite.
CREATE TABLE "passkeys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}' NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "passkeys_credential_id_unique" UNIQUE("credential_id"),
	CONSTRAINT "passkeys_credential_id_length_check" CHECK (length("passkeys"."credential_id") BETWEEN 1 AND 1400),
	CONSTRAINT "passkeys_public_key_length_check" CHECK (length("passkeys"."public_key") BETWEEN 1 AND 3000),
	CONSTRAINT "passkeys_counter_check" CHECK ("passkeys"."counter" >= 0),
	CONSTRAINT "passkeys_transports_check" CHECK (cardinality("passkeys"."transports") <= 8),
	CONSTRAINT "passkeys_name_length_check" CHECK (length("passkeys"."name") BETWEEN 1 AND 64)
);
--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "passkeys_user_idx" ON "passkeys" USING btree ("user_id");
--> statement-breakpoint
-- One pending registration per staff member: the challenge their authenticator must sign, for 5 minutes.
CREATE TABLE "passkey_registrations" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"challenge" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "passkey_registrations_challenge_length_check" CHECK (length("passkey_registrations"."challenge") BETWEEN 16 AND 200)
);
--> statement-breakpoint
ALTER TABLE "passkey_registrations" ADD CONSTRAINT "passkey_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The sign-in step's challenge for a passkey, set when the browser asks for it (the latest request wins).
ALTER TABLE "mfa_challenges" ADD COLUMN "webauthn_challenge" text;
--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_webauthn_challenge_length_check" CHECK (length("mfa_challenges"."webauthn_challenge") BETWEEN 16 AND 200);
