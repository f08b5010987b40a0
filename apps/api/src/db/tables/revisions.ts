import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { time } from './columns';
import { users } from './users';

/** One change of a record staff edit: its history, written in the write's own transaction (docs/decisions/0036). */
export const recordRevisions = pgTable(
  'record_revisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The record's kind, as the audit log names it (`note`, `plan`, `user`, …). */
    resource: text('resource').notNull(),
    recordId: text('record_id').notNull(),
    /** The record's version right after this change. */
    version: integer('version').notNull(),
    action: text('action').notNull(),
    actorId: integer('actor_id').references(() => users.id),
    at: time('at').notNull().defaultNow(),
    /** `[{ field, before, after }]` of the fields the history keeps (never a secret). */
    changes: jsonb('changes').$type<{ field: string; before: unknown; after: unknown }[]>().notNull(),
    /** Those fields right after the change: what a restore brings back. */
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    /**
     * A newer revision of the same record exists (set when it is written): only such a revision may be
     * deleted by the retention purge, which finds them by this flag instead of checking every old one.
     */
    superseded: boolean('superseded').notNull().default(false),
  },
  (t) => [
    index('record_revisions_record_idx').on(t.resource, t.recordId, t.id),
    index('record_revisions_actor_idx').on(t.actorId),
    // What the retention purge may delete, oldest first (docs/decisions/0047).
    index('record_revisions_superseded_at_idx').on(t.at).where(sql`${t.superseded}`),
    check('record_revisions_changes_check', sql`jsonb_typeof(${t.changes}) = 'array'`),
    check('record_revisions_state_check', sql`jsonb_typeof(${t.state}) = 'object'`),
    // The audit log's words (its action and entity), in the shape audit_events holds them.
    check('record_revisions_action_check', sql`${t.action} ~ '^[a-z][a-z0-9]*(-[a-z0-9]+)*$'`),
    check('record_revisions_resource_check', sql`${t.resource} ~ '^[a-z][a-z0-9]*(-[a-z0-9]+)*$'`),
  ],
);
