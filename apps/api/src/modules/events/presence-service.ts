import {
  PRESENCE_EXPIRY_MS,
  type PresenceBeat,
  presenceEditRoles,
  presenceViewRoles,
  type RecordPresence,
} from '@pult/contract';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/http-errors';
import { actorOf, type ServiceContext } from '../../lib/service-context';
import { type PresenceKey, type PresenceTab, presenceRepository as repo } from './presence-repository';

/** The state as the API answers it and the stream carries it. */
async function stateOf(db: Db, key: PresenceKey, now: Date, seq: number): Promise<RecordPresence> {
  const { editor, viewers } = await repo.state(db, key, now);
  return {
    resource: key.resource,
    id: key.id,
    seq,
    editor: editor
      ? { id: editor.id, name: editor.name, tab: editor.tab, since: new Date(editor.since).toISOString() }
      : null,
    viewers,
  };
}

/** What a change is compared on: who holds the lock from which tab, and who is there (not the order number). */
const sameState = (a: RecordPresence, b: RecordPresence) =>
  JSON.stringify([a.editor?.id, a.editor?.tab, a.viewers]) === JSON.stringify([b.editor?.id, b.editor?.tab, b.viewers]);

/**
 * Runs one change of a record's presence in a transaction: the state before and after are read, and only
 * a change is announced (a heartbeat that changed nothing stays quiet), at commit, to every process.
 */
function change(ctx: ServiceContext, key: PresenceKey, write: (tx: Db, now: Date) => Promise<void>) {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const before = await stateOf(tx, key, now, 0);
    await write(tx, now);
    const after = await stateOf(tx, key, now, await repo.nextSeq(tx));
    if (!sameState(before, after)) await repo.announce(tx, JSON.stringify(after));
    return after;
  });
}

const mayView = (role: string, key: PresenceKey) =>
  (presenceViewRoles[key.resource] as readonly string[]).includes(role);
const mayEdit = (role: string, key: PresenceKey) =>
  (presenceEditRoles[key.resource] as readonly string[]).includes(role);

/** Presence and soft edit locks on records (docs/decisions/0043). */
export const presenceService = {
  /**
   * A tab's heartbeat: it has the record open until PRESENCE_EXPIRY_MS from now and, when editing, takes or
   * keeps the lock (or takes it over); not editing, it lets go of a lock it held.
   */
  async beat(ctx: ServiceContext, key: PresenceKey, body: PresenceBeat) {
    const actor = actorOf(ctx);
    if (!mayView(actor.role, key)) throw forbidden();
    if (body.editing && !mayEdit(actor.role, key)) throw forbidden('FORBIDDEN', 'Your role may not edit this record');
    if (!(await repo.exists(ctx.db, key))) throw notFound('NOT_FOUND', 'No such record');
    const who: PresenceTab = { userId: actor.userId, tab: body.tab };
    return change(ctx, key, async (tx, now) => {
      const expiresAt = new Date(now.getTime() + PRESENCE_EXPIRY_MS);
      await repo.touch(tx, key, who, expiresAt);
      if (body.editing) await repo.lock(tx, key, who, now, expiresAt, body.takeOver === true);
      else await repo.unlock(tx, key, who);
    });
  },

  /** The tab closed the record: it leaves and lets go of its lock, announced at once. */
  async leave(ctx: ServiceContext, key: PresenceKey, tab: string) {
    const actor = actorOf(ctx);
    if (!mayView(actor.role, key)) throw forbidden();
    const who: PresenceTab = { userId: actor.userId, tab };
    return change(ctx, key, async (tx) => {
      await repo.unlock(tx, key, who);
      await repo.leave(tx, key, who);
    });
  },

  /**
   * Deletes what expired (tabs that stopped beating without saying goodbye: a crash, a lost network) and
   * announces each record's new state. Answers how many records changed.
   */
  async sweep(db: Db, now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const keys = await repo.sweep(tx, now);
      for (const key of keys)
        await repo.announce(tx, JSON.stringify(await stateOf(tx, key, now, await repo.nextSeq(tx))));
      return keys.length;
    });
  },
};
