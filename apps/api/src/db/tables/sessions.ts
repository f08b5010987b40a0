import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { oneOf, time } from './columns';
import { users } from './users';

/** One sign-in. Tokens belong to it; revoking it kills every token at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: time('created_at').notNull(),
    /** Absolute end: refresh cannot extend a session past it. */
    expiresAt: time('expires_at').notNull(),
    /** The last request (written at most once a minute): a staff session idle longer ends (settings). */
    lastSeenAt: time('last_seen_at').notNull().defaultNow(),
    revokedAt: time('revoked_at'),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The last proof of its owner: the sign-in, or a step-up since (a listed action needs one within 5 minutes). */
    steppedUpAt: time('stepped_up_at').notNull().defaultNow(),
    /** The challenge a passkey must sign to step this session up, and until when. */
    stepUpChallenge: text('step_up_challenge'),
    stepUpChallengeExpiresAt: time('step_up_challenge_expires_at'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    check('sessions_expiry_check', sql`${t.expiresAt} > ${t.createdAt}`),
    check('sessions_revoked_check', sql`${t.revokedReason} IS NULL OR ${t.revokedAt} IS NOT NULL`),
    check(
      'sessions_step_up_challenge_check',
      sql`(${t.stepUpChallenge} IS NULL) = (${t.stepUpChallengeExpiresAt} IS NULL) AND length(${t.stepUpChallenge}) BETWEEN 16 AND 200`,
    ),
  ],
);

/**
 * Access and refresh tokens, stored only as SHA-256 hashes of 256-bit random values.
 * A refresh token is single-use: `usedAt` is set on rotation, and a second use revokes the session.
 */
export const sessionTokens = pgTable(
  'session_tokens',
  {
    hash: text('hash').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id),
    kind: text('kind', { enum: ['access', 'refresh'] }).notNull(),
    expiresAt: time('expires_at').notNull(),
    usedAt: time('used_at'),
    /** For a used refresh token: its successor pair, sealed with the token itself (lib/tokens.ts `sealFor`). */
    successor: text('successor'),
  },
  (t) => [
    index('session_tokens_session_idx').on(t.sessionId),
    check('session_tokens_kind_check', oneOf(t.kind, ['access', 'refresh'])),
  ],
);
