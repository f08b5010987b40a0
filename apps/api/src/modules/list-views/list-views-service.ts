import {
  type createViewBody,
  type ListColumns,
  type ListKey,
  MAX_VIEWS_PER_LIST,
  type putListColumnsBody,
  type SavedView,
  type updateViewBody,
} from '@pult/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/http-errors';
import { conflictOnUnique } from '../../lib/pg-errors';
import { actorOf, type ServiceContext } from '../../lib/service-context';
import type { Principal } from '../../types';
import { listViewsRepository as repo } from './list-views-repository';
import { canEditView, type SavedViewRow, toSavedView } from './saved-view-row';

const viewNotFound = () => notFound('VIEW_NOT_FOUND', 'Saved view not found');
const adminOnlySharing = () => forbidden('ADMIN_ONLY_FIELDS', 'Only an admin may share a view with all staff');

const withUniqueName = conflictOnUnique(
  'VIEW_NAME_TAKEN',
  'You already have a view with this name on this list',
  'name',
);

/**
 * The view as the caller may touch it: another person's personal view does not exist for them
 * (404, not 403, so ids reveal nothing); a shared view they may not change is read-only (403).
 */
async function editable(db: Db, actor: Principal, id: number): Promise<SavedViewRow> {
  await repo.lock(db, id);
  const row = await repo.find(db, id);
  if (!row || (row.ownerId !== actor.userId && !row.shared)) throw viewNotFound();
  if (!canEditView(row, actor))
    throw forbidden('VIEW_READ_ONLY', 'Only the owner or an admin may change a shared view');
  return row;
}

/** A view in the audit log: what it is called, where, and whether everyone sees it (not its whole state). */
const auditShape = (row: Pick<SavedViewRow, 'name' | 'listKey' | 'shared' | 'ownerId'>) => ({
  name: row.name,
  listKey: row.listKey,
  shared: row.shared,
  ownerId: row.ownerId,
});

/**
 * The rules of column settings and saved views: settings are one person's own; a view is its
 * owner's, sharing is an admin's, a shared view is changed by its owner or an admin. Changes to
 * what all staff see (shared views) are audited; a person's own settings and views are not staff
 * changes to anyone else's data.
 */
export const listViewsService = {
  getColumns: async (ctx: ServiceContext, listKey: ListKey): Promise<ListColumns> => ({
    listKey,
    columns: await repo.columns(ctx.db, actorOf(ctx).userId, listKey),
  }),

  putColumns: async (
    ctx: ServiceContext,
    listKey: ListKey,
    body: z.output<typeof putListColumnsBody>,
  ): Promise<ListColumns> => {
    await repo.putColumns(ctx.db, actorOf(ctx).userId, listKey, body.columns, ctx.clock.now());
    return { listKey, columns: body.columns };
  },

  list: async (ctx: ServiceContext, listKey: ListKey) => {
    const actor = actorOf(ctx);
    const rows = await repo.visible(ctx.db, actor.userId, listKey);
    return { items: rows.map((row) => toSavedView(row, actor)), count: rows.length };
  },

  create: (ctx: ServiceContext, listKey: ListKey, body: z.output<typeof createViewBody>): Promise<SavedView> => {
    const actor = actorOf(ctx);
    if (body.shared && actor.role !== 'admin') throw adminOnlySharing();
    return withUniqueName(() =>
      ctx.db.transaction(async (tx) => {
        if ((await repo.countOwned(tx, actor.userId, listKey)) >= MAX_VIEWS_PER_LIST)
          throw conflict('VIEW_LIMIT_REACHED', `At most ${MAX_VIEWS_PER_LIST} views per list`);
        const id = await repo.insert(tx, { ownerId: actor.userId, listKey, ...body, now: ctx.clock.now() });
        const row = await repo.find(tx, id);
        if (!row) throw viewNotFound();
        if (row.shared)
          await ctx.audit({ action: 'create', entity: 'saved-view', entityId: id, after: auditShape(row) }, tx);
        return toSavedView(row, actor);
      }),
    );
  },

  update: (ctx: ServiceContext, id: number, body: z.output<typeof updateViewBody>): Promise<SavedView> => {
    const actor = actorOf(ctx);
    return withUniqueName(() =>
      ctx.db.transaction(async (tx) => {
        const before = await editable(tx, actor, id);
        if (body.shared !== undefined && body.shared !== before.shared && actor.role !== 'admin')
          throw adminOnlySharing();
        await repo.update(tx, id, { ...body, updatedAt: ctx.clock.now() });
        const after = await repo.find(tx, id);
        if (!after) throw viewNotFound();
        if (before.shared || after.shared) {
          const event = { action: 'update', entity: 'saved-view', entityId: id, before: auditShape(before) } as const;
          await ctx.audit({ ...event, after: auditShape(after) }, tx);
        }
        return toSavedView(after, actor);
      }),
    );
  },

  remove: (ctx: ServiceContext, id: number) => {
    const actor = actorOf(ctx);
    return ctx.db.transaction(async (tx) => {
      const row = await editable(tx, actor, id);
      await repo.remove(tx, id);
      if (row.shared)
        await ctx.audit({ action: 'delete', entity: 'saved-view', entityId: id, before: auditShape(row) }, tx);
      return { ok: true as const };
    });
  },
};
