import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgSequence, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { time } from './columns';
import { users } from './users';

/**
 * Which browser tab has which record open (docs/decisions/0043): a row per tab, kept alive by the tab's
 * heartbeat. An expired row counts for nothing; any process sweeps it and announces the change.
 */
export const recordPresence = pgTable(
  'record_presence',
  {
    resource: text('resource').notNull(),
    recordId: integer('record_id').notNull(),
    tab: text('tab').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: time('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.resource, t.recordId, t.tab] }),
    index('record_presence_expires_idx').on(t.expiresAt),
    index('record_presence_user_idx').on(t.userId),
  ],
);

/** A record's soft edit lock: one row per record, held by one tab until it lets go, expires or is taken over. */
export const editLocks = pgTable(
  'edit_locks',
  {
    resource: text('resource').notNull(),
    recordId: integer('record_id').notNull(),
    tab: text('tab').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    since: time('since').notNull(),
    expiresAt: time('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.resource, t.recordId] }),
    index('edit_locks_expires_idx').on(t.expiresAt),
    index('edit_locks_user_idx').on(t.userId),
  ],
);

/** Orders the announced states of a record's presence. */
export const recordPresenceSeq = pgSequence('record_presence_seq');

/** One undoable bulk action: each changed row's state before and version after, until `expires_at`. */
export const bulkUndos = pgTable(
  'bulk_undos',
  {
    /** The undo token: random, answered to the person who ran the action. */
    id: text('id').primaryKey(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    items: jsonb('items')
      .$type<{ id: number; version: number; before: Record<string, unknown>; label?: string }[]>()
      .notNull(),
    createdAt: time('created_at').notNull(),
    expiresAt: time('expires_at').notNull(),
    undoneAt: time('undone_at'),
    /** What the undo answered, answered again to a repeated undo (idempotent). */
    result: jsonb('result'),
  },
  (t) => [
    index('bulk_undos_expires_idx').on(t.expiresAt),
    index('bulk_undos_actor_idx').on(t.actorId),
    check('bulk_undos_items_check', sql`jsonb_typeof(${t.items}) = 'array'`),
    check('bulk_undos_action_check', sql`${t.action} ~ '^[a-z][a-z0-9]*(-[a-z0-9]+)*$'`),
  ],
);
