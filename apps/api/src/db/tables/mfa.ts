import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { time } from './columns';
import { users } from './users';

/**
 * A staff member's authenticator app (RFC 6238). Unconfirmed until a first code proves the app holds
 * the secret; `lastUsedStep` is the 30-second step of the last accepted code, so no code works twice.
 */
export const totpFactors = pgTable(
  'totp_factors',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    /** The base32 secret: never logged, audited, put in a revision or answered after enrolment (decision 0035). */
    secret: text('secret').notNull(),
    createdAt: time('created_at').notNull(),
    confirmedAt: time('confirmed_at'),
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  },
  (t) => [check('totp_factors_secret_length_check', sql`length(${t.secret}) <= 300`)],
);

/** Ten single-use codes per enrolment, stored only as salted SHA-256 hashes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    hash: text('hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: time('created_at').notNull(),
    usedAt: time('used_at'),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** The step between a right password and the second factor: a 5-minute, single-use token (hash only). */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    hash: text('hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: time('created_at').notNull(),
    expiresAt: time('expires_at').notNull(),
    usedAt: time('used_at'),
    /** The challenge a passkey must sign in this step, set when the browser asks for it. */
    webauthnChallenge: text('webauthn_challenge'),
  },
  (t) => [
    index('mfa_challenges_user_idx').on(t.userId),
    check('mfa_challenges_webauthn_challenge_length_check', sql`length(${t.webauthnChallenge}) BETWEEN 16 AND 200`),
    index('mfa_challenges_expires_idx').on(t.expiresAt),
    check('mfa_challenges_expiry_check', sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);

/**
 * A passkey (WebAuthn credential, docs/decisions/0041): the public key the authenticator made for this
 * installation, as COSE bytes in base64url, and its signature counter (a clone shows as a counter that
 * does not move forward).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    credentialId: text('credential_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'`),
    name: text('name').notNull(),
    createdAt: time('created_at').notNull(),
    lastUsedAt: time('last_used_at'),
  },
  (t) => [
    index('passkeys_user_idx').on(t.userId),
    check('passkeys_credential_id_length_check', sql`length(${t.credentialId}) BETWEEN 1 AND 1400`),
    check('passkeys_public_key_length_check', sql`length(${t.publicKey}) BETWEEN 1 AND 3000`),
    check('passkeys_counter_check', sql`${t.counter} >= 0`),
    check('passkeys_transports_check', sql`cardinality(${t.transports}) <= 8`),
    check('passkeys_name_length_check', sql`length(${t.name}) BETWEEN 1 AND 64`),
  ],
);

/** One pending passkey registration per staff member: the challenge to sign, for five minutes. */
export const passkeyRegistrations = pgTable(
  'passkey_registrations',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    challenge: text('challenge').notNull(),
    expiresAt: time('expires_at').notNull(),
  },
  (t) => [check('passkey_registrations_challenge_length_check', sql`length(${t.challenge}) BETWEEN 16 AND 200`)],
);
