import { sql } from 'drizzle-orm';
import { bigserial, check, index, inet, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { time } from './columns';
import { users } from './users';

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
    /** The request's id (X-Request-Id), as on its log lines; null for rows written outside a request. */
    requestId: text('request_id'),
    at: time('at').notNull().default(sql`now()`),
  },
  (t) => [
    // The viewer filters by one of actor, entity (and id) or action and pages newest first by id:
    // each index ends in id, so any such page is one short index range scan, however big the table.
    index('audit_events_entity_idx').on(t.entity, t.entityId, t.id),
    index('audit_events_entity_recent_idx').on(t.entity, t.id),
    index('audit_events_action_idx').on(t.action, t.id),
    index('audit_events_at_idx').on(t.at),
    // Also what deleting a user checks.
    index('audit_events_actor_idx').on(t.actorId, t.id),
    // «Every event of this request» (an X-Request-Id from a log line): a handful of rows, found directly.
    index('audit_events_request_idx').on(t.requestId).where(sql`${t.requestId} IS NOT NULL`),
    // Actions and entities are open sets (every module adds its own), so only their shape is fixed:
    // kebab-case words, which the audit filter matches exactly.
    check('audit_events_action_check', sql`${t.action} ~ '^[a-z][a-z0-9]*(-[a-z0-9]+)*$'`),
    check('audit_events_entity_check', sql`${t.entity} ~ '^[a-z][a-z0-9]*(-[a-z0-9]+)*$'`),
    // The request id's shape (lib/request-id.ts): it is also written into SQL comments, so never anything else.
    check('audit_events_request_id_check', sql`${t.requestId} ~ '^[A-Za-z0-9._:-]{1,128}$'`),
  ],
);
