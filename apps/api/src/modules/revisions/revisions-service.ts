import type { Revision, RevisionsPage } from '@pult/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import type { AuditEvent, ServiceContext } from '../../lib/service-context';
import { asJson, recordChanges, sameValue } from './record-changes';
import { type RevisionRow, revisionsRepository as repo } from './revisions-repository';
import type { RecordState, VersionedResource } from './versioned-resource';

/** How many revisions a history answers: the newest; `count` says how many there are. */
const HISTORY_TAKE = 200;

const toRevision = (row: RevisionRow): Revision => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: row.actorId === null ? null : { id: row.actorId, name: row.actorName ?? '' },
  action: row.action,
  version: row.version,
  changes: row.changes,
});

const revisionNotFound = () => notFound('REVISION_NOT_FOUND', 'No such revision of this record');

/** What the audit event kept of the record before, limited to the fields history keeps. */
const keptBefore = (event: AuditEvent): RecordState | null =>
  event.before && typeof event.before === 'object' ? asJson(event.before as RecordState) : null;

/** Records' histories: written with each audited change, listed, and restored through the record's rules. */
export const revisionsService = {
  /**
   * Called with every audit event inside its transaction: an event about a versioned record becomes a
   * revision of it (and a live event at commit). An event that changed none of the kept fields (signing a
   * user out everywhere) leaves no revision.
   */
  async recordAudited(
    tx: Db,
    spec: VersionedResource,
    event: AuditEvent,
    actorId: number | null,
    at: Date,
  ): Promise<void> {
    const id = Number(event.entityId);
    if (!Number.isInteger(id)) return;
    const now = await spec.read(tx, id);
    if (!now) return;
    const state = asJson(now.state);
    const previous = await repo.latestState(tx, spec.resource, id);
    const before = previous ?? (event.action === 'create' ? null : (keptBefore(event) ?? {}));
    const changes = recordChanges(before, state);
    if (changes.length === 0) return;
    await repo.insert(tx, {
      resource: spec.resource,
      recordId: id,
      version: now.version,
      action: event.action,
      actorId,
      at,
      changes,
      state,
    });
  },

  async list(ctx: ServiceContext, spec: VersionedResource, id: number): Promise<RevisionsPage> {
    const page = await repo.list(ctx.db, spec.resource, id, HISTORY_TAKE);
    if (page.count === 0 && !(await spec.read(ctx.db, id))) throw spec.notFound();
    return { items: page.items.map(toRevision), count: page.count };
  },

  /**
   * Brings the record back to its state right after the revision: a change like any other, through the
   * record's own rules and If-Match, recorded as `restore-revision` in the audit log and the history.
   */
  async restore(ctx: ServiceContext, spec: VersionedResource, id: number, revisionId: number): Promise<unknown> {
    const revision = await repo.find(ctx.db, spec.resource, id, revisionId);
    if (!revision) throw revisionNotFound();
    const now = await spec.read(ctx.db, id);
    if (!now) throw spec.notFound();
    // Only what differs is written back: a field nobody changed is not asked for (an editor restoring a
    // plan's text is not refused for its price, which is the same).
    const current = asJson(now.state);
    const differing = Object.fromEntries(
      Object.entries(revision.state).filter(([field, value]) => !sameValue(current[field], value)),
    );
    const restoring: ServiceContext = {
      ...ctx,
      audit: (event, tx) => ctx.audit(event.action === 'update' ? { ...event, action: 'restore-revision' } : event, tx),
    };
    return spec.restore(restoring, id, differing);
  },

  /** Forgets a record's history: anonymising a user removes the personal data its history held. */
  forget: (db: Db, spec: Pick<VersionedResource, 'resource'>, id: number) => repo.forget(db, spec.resource, id),
};
