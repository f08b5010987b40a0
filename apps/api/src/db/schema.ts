import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Always stored lower-cased, so the unique index is case-insensitive (product.md §4). */
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    role: text('role', { enum: ['user', 'editor', 'admin'] })
      .notNull()
      .default('user'),
    status: text('status', { enum: ['active', 'blocked', 'deleted'] })
      .notNull()
      .default('active'),
    /** argon2id PHC string; null for planner users who sign in elsewhere. Never leaves the API. */
    passwordHash: text('password_hash'),
    avatar: text('avatar'),
    createdAt: time('created_at').notNull().defaultNow(),
    updatedAt: time('updated_at').notNull().defaultNow(),
    lastSeenAt: time('last_seen_at'),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_created_at_idx').on(t.createdAt, t.id),
    index('users_role_idx').on(t.role),
  ],
);

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
    revokedAt: time('revoked_at'),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
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
  },
  (t) => [index('session_tokens_session_idx').on(t.sessionId)],
);

export const passwordResets = pgTable('password_resets', {
  hash: text('hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  expiresAt: time('expires_at').notNull(),
  usedAt: time('used_at'),
});

/** Fixed-window counters shared by every API process (product.md §2: no limiter state in memory). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: time('window_start').notNull(),
  count: integer('count').notNull(),
});

export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id').references(() => users.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: inet('ip'),
    at: time('at').notNull().default(sql`now()`),
  },
  (t) => [index('audit_events_entity_idx').on(t.entity, t.entityId), index('audit_events_at_idx').on(t.at)],
);
