import type { FieldChange } from '@pult/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { recordRevisions, users } from '../../db/schema';
import type { RecordState } from './versioned-resource';

/** The channel every process listens on for changes (modules/events); sent in the write's transaction. */
export const EVENTS_CHANNEL = 'pult_record_events';

const actorName = sql<string>`coalesce(nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), ''), ${users.email})`;

export interface NewRevision {
  resource: string;
  recordId: number;
  version: number;
  action: string;
  actorId: number | null;
  at: Date;
  changes: FieldChange[];
  state: RecordState;
}

export interface RevisionRow {
  id: number;
  at: Date;
  action: string;
  version: number;
  changes: FieldChange[];
  state: RecordState;
  actorId: number | null;
  actorName: string | null;
}

/** The SQL of record histories (docs/decisions/0036). */
export const revisionsRepository = {
  /** The state right after the record's latest revision; undefined when it has none yet. */
  async latestState(db: Db, resource: string, recordId: number): Promise<RecordState | undefined> {
    const [row] = await db
      .select({ state: recordRevisions.state })
      .from(recordRevisions)
      .where(and(eq(recordRevisions.resource, resource), eq(recordRevisions.recordId, String(recordId))))
      .orderBy(desc(recordRevisions.id))
      .limit(1);
    return row?.state;
  },

  /**
   * Writes a revision and, in the same statement, marks the record's previous one superseded (what the
   * retention purge may delete, docs/decisions/0047) and tells every listening process (pg_notify,
   * delivered only when the transaction commits): the event carries the revision's id, for Last-Event-ID.
   */
  async insert(db: Db, revision: NewRevision): Promise<void> {
    await queryRows(
      db,
      sql`WITH r AS (
            INSERT INTO record_revisions (resource, record_id, version, action, actor_id, at, changes, state)
            VALUES (${revision.resource}, ${String(revision.recordId)}, ${revision.version}, ${revision.action},
                    ${revision.actorId}, ${revision.at}, ${JSON.stringify(revision.changes)}::jsonb,
                    ${JSON.stringify(revision.state)}::jsonb)
            RETURNING id, actor_id),
          -- Run whether or not the query reads it (a data-modifying WITH always runs to completion).
          older AS (
            UPDATE record_revisions p SET superseded = true FROM r
            WHERE p.resource = ${revision.resource} AND p.record_id = ${String(revision.recordId)}
              AND p.id < r.id AND NOT p.superseded)
          SELECT pg_notify(${EVENTS_CHANNEL}, json_build_object(
            'seq', r.id, 'resource', ${revision.resource}::text, 'id', ${revision.recordId}::int,
            'action', ${revision.action}::text, 'version', ${revision.version}::int,
            'actor', CASE WHEN r.actor_id IS NULL THEN NULL ELSE json_build_object('id', r.actor_id, 'name',
              (SELECT coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email)
               FROM users u WHERE u.id = r.actor_id)) END)::text)
          FROM r`,
    );
  },

  /** A record's history, newest first (at most `take`), and how many revisions it has. */
  async list(db: Db, resource: string, recordId: number, take: number) {
    const where = and(eq(recordRevisions.resource, resource), eq(recordRevisions.recordId, String(recordId)));
    const [items, [total]] = await Promise.all([
      db
        .select({ ...revisionColumns, actorName })
        .from(recordRevisions)
        .leftJoin(users, eq(users.id, recordRevisions.actorId))
        .where(where)
        .orderBy(desc(recordRevisions.id))
        .limit(take),
      db.select({ n: count() }).from(recordRevisions).where(where),
    ]);
    return { items: items as RevisionRow[], count: total?.n ?? 0 };
  },

  async find(db: Db, resource: string, recordId: number, id: number): Promise<RevisionRow | undefined> {
    const [row] = await db
      .select({ ...revisionColumns, actorName })
      .from(recordRevisions)
      .leftJoin(users, eq(users.id, recordRevisions.actorId))
      .where(
        and(
          eq(recordRevisions.id, id),
          eq(recordRevisions.resource, resource),
          eq(recordRevisions.recordId, String(recordId)),
        ),
      );
    return row as RevisionRow | undefined;
  },

  /** Revisions after `afterId` of the given kinds, oldest first: what a reconnecting stream missed. */
  async since(db: Db, afterId: number, resources: readonly string[], take: number) {
    return queryRows<{
      seq: number;
      resource: string;
      id: number;
      action: string;
      version: number;
      actor_id: number | null;
      actor_name: string | null;
    }>(
      db,
      sql`SELECT r.id::int AS seq, r.resource, r.record_id::int AS id, r.action, r.version, r.actor_id,
                 coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email) AS actor_name
          FROM record_revisions r LEFT JOIN users u ON u.id = r.actor_id
          WHERE r.id > ${afterId} AND r.resource IN (${sql.join(
            resources.map((resource) => sql`${resource}`),
            sql`, `,
          )})
          ORDER BY r.id LIMIT ${take}`,
    );
  },

  /** Forgets a record's history (anonymisation: the history held the personal data it removes). */
  async forget(db: Db, resource: string, recordId: number): Promise<void> {
    await db
      .delete(recordRevisions)
      .where(and(eq(recordRevisions.resource, resource), eq(recordRevisions.recordId, String(recordId))));
  },
};

const revisionColumns = {
  id: recordRevisions.id,
  at: recordRevisions.at,
  action: recordRevisions.action,
  version: recordRevisions.version,
  changes: recordRevisions.changes,
  state: recordRevisions.state,
  actorId: recordRevisions.actorId,
};
