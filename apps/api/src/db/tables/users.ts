import { sql } from 'drizzle-orm';
import { check, index, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { oneOf, time, version } from './columns';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Always stored lower-cased (a CHECK holds it), so the unique index is case-insensitive. */
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
    version: version(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_created_at_idx').on(t.createdAt, t.id),
    index('users_last_seen_idx').on(t.lastSeenAt, t.id),
    index('users_role_idx').on(t.role),
    index('users_status_idx').on(t.status),
    check('users_role_check', oneOf(t.role, ['user', 'editor', 'admin'])),
    check('users_status_check', oneOf(t.status, ['active', 'blocked', 'deleted'])),
    // Lower-cased so the unique index is case-insensitive; an address has something on both sides of '@'.
    check('users_email_check', sql`${t.email} = lower(${t.email}) AND ${t.email} LIKE '_%@_%'`),
    // Trigram indexes make the list's substring search (ILIKE '%…%') an index scan at millions of rows.
    // A 256 kB pending list on every trigram index instead of 4 MB: new entries wait in that list, which
    // each search reads sequentially, and on a big, rarely vacuumed table it stays near its limit
    // (measured: the activated-codes search went from 1.6 ms to 14 ms). fastupdate off cured that but
    // halved promo redemptions per second; a short list keeps both (docs/decisions/0009).
    index('users_email_trgm').using('gin', sql`${t.email} gin_trgm_ops`).with({ gin_pending_list_limit: 256 }),
    index('users_phone_trgm').using('gin', sql`${t.phoneNumber} gin_trgm_ops`).with({ gin_pending_list_limit: 256 }),
    index('users_name_trgm')
      .using('gin', sql`(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')) gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 }),
  ],
);
