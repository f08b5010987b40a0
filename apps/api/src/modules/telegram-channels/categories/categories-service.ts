import type { SaveTgCategoryBody, TgCategory } from '@pult/contract';
import { saveTgCategoryBody } from '@pult/contract';
import { badRequest, conflict } from '../../../lib/http-errors';
import { conflictOnUnique } from '../../../lib/pg-errors';
import type { ServiceContext } from '../../../lib/service-context';
import { staleVersion } from '../../../lib/versions';
import { channelsRepository } from '../channels/channels-repository';
import { categoryNotFound } from '../telegram-errors';
import { categoriesRepository as repo } from './categories-repository';
import { toCategory } from './category-row';

const withUniqueTitle = conflictOnUnique(
  'TG_CATEGORY_TITLE_TAKEN',
  'A category with this title already exists',
  'title',
);

/** The rules about categories: unique titles, and no channel ever left without one. */
export const categoriesService = {
  list: async (ctx: ServiceContext) => {
    const rows = await repo.listWithCounts(ctx.db);
    return { items: rows.map((row) => toCategory(row.category, row.channels)), count: rows.length };
  },

  save: (ctx: ServiceContext, body: SaveTgCategoryBody): Promise<TgCategory> => {
    const { id, title, sortOrder } = saveTgCategoryBody.parse(body);
    return withUniqueTitle(() =>
      ctx.db.transaction(async (tx) => {
        const now = ctx.clock.now();
        if (id === undefined) {
          if (title === undefined) throw new Error('create without a title');
          const place = sortOrder ?? (await repo.nextPlace(tx));
          const row = await repo.insert(tx, { title, sortOrder: place, createdAt: now, updatedAt: now });
          await ctx.audit({ action: 'create', entity: 'tg-category', entityId: row.id, after: toCategory(row, 0) }, tx);
          return toCategory(row, 0);
        }
        const before = await repo.lock(tx, id);
        if (!before) throw categoryNotFound();
        const row = await repo.update(tx, id, { title, sortOrder, updatedAt: now }, ctx.ifMatch);
        const channels = await channelsRepository.countIn(tx, id);
        // The row is locked: an update that matched nothing was asked for a version it no longer has.
        if (!row) throw staleVersion(toCategory(before, channels));
        await ctx.audit(
          {
            action: 'update',
            entity: 'tg-category',
            entityId: id,
            before: toCategory(before, channels),
            after: toCategory(row, channels),
          },
          tx,
        );
        return toCategory(row, channels);
      }),
    );
  },

  /**
   * Deletes a category. One with channels needs `moveTo`: they go to the end of that category in
   * their order. Both rows are locked (in id order), so no channel can be put into the category
   * being deleted meanwhile.
   */
  remove: (ctx: ServiceContext, id: number, moveTo: number | undefined): Promise<void> =>
    ctx.db.transaction(async (tx) => {
      if (moveTo === id)
        throw badRequest('VALIDATION_FAILED', 'Channels cannot move to the category being deleted', {
          moveTo: 'invalid',
        });
      const ids = moveTo === undefined ? [id] : [id, moveTo].sort((a, b) => a - b);
      const locked = new Map<number, Awaited<ReturnType<typeof repo.lock>>>();
      for (const each of ids) locked.set(each, await repo.lock(tx, each));
      const category = locked.get(id);
      if (!category) throw categoryNotFound();
      const channels = await channelsRepository.countIn(tx, id);
      if (channels > 0) {
        if (moveTo === undefined)
          throw conflict('TG_CATEGORY_NOT_EMPTY', `The category has ${channels} channels; say where to move them`, {
            moveTo: 'required',
          });
        if (!locked.get(moveTo)) throw categoryNotFound();
        const first = await channelsRepository.nextPlace(tx, moveTo);
        await channelsRepository.moveAll(tx, id, moveTo, first, ctx.clock.now());
      }
      await repo.remove(tx, id);
      await ctx.audit(
        {
          action: 'delete',
          entity: 'tg-category',
          entityId: id,
          before: toCategory(category, channels),
          after: channels > 0 ? { movedChannelsTo: moveTo, channels } : null,
        },
        tx,
      );
    }),
};
