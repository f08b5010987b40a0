import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
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
    /** Sealed with the server's key (modules/mfa/secret-box.ts), never the base32 text itself. */
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
  },
  (t) => [
    index('mfa_challenges_user_idx').on(t.userId),
    index('mfa_challenges_expires_idx').on(t.expiresAt),
    check('mfa_challenges_expiry_check', sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);
