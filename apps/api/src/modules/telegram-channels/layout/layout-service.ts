import type { ReorderTgBody } from '@pult/contract';
import { reorderTgBody } from '@pult/contract';
import { conflict } from '../../../lib/http-errors';
import type { ServiceContext } from '../../../lib/service-context';
import { categoriesRepository } from '../categories/categories-repository';
import { channelsRepository } from '../channels/channels-repository';

const stale = (why: string) =>
  conflict('TG_ORDER_STALE', `The layout does not match the current channels (${why}); reload and try again`);

const sameSet = (listed: number[], existing: number[]) => {
  const set = new Set(listed);
  return set.size === listed.length && set.size === existing.length && existing.every((id) => set.has(id));
};

/** The order of categories and channels, set as a whole, so the page and the database always agree. */
export const layoutService = {
  /**
   * Every category and every channel must appear exactly once: a page that missed a channel added
   * or deleted since it loaded is refused rather than half-applied. Rows are locked before the
   * check, so two reorders apply one after the other, never interleaved.
   */
  reorder: (ctx: ServiceContext, body: ReorderTgBody): Promise<void> =>
    ctx.db.transaction(async (tx) => {
      const { categories } = reorderTgBody.parse(body);
      const currentCategories = await categoriesRepository.lockAll(tx);
      const currentChannels = await channelsRepository.lockAllPlaces(tx);
      const categoryIds = categories.map((category) => category.id);
      if (
        !sameSet(
          categoryIds,
          currentCategories.map((row) => row.id),
        )
      )
        throw stale('categories differ');
      const places = categories.flatMap((category) =>
        category.channelIds.map((id, sortOrder) => ({ id, categoryId: category.id, sortOrder })),
      );
      if (
        !sameSet(
          places.map((place) => place.id),
          currentChannels.map((row) => row.id),
        )
      )
        throw stale('channels differ');

      const now = ctx.clock.now();
      await categoriesRepository.setPlaces(
        tx,
        categoryIds.map((id, sortOrder) => ({ id, sortOrder })),
        now,
      );
      await channelsRepository.setPlaces(tx, places, now);
      await ctx.audit(
        {
          action: 'reorder',
          entity: 'tg-channels',
          before: layoutOf(currentCategories, currentChannels),
          after: categories,
        },
        tx,
      );
    }),
};

/** The layout the rows had, in the request's shape, for the audit log. */
function layoutOf(
  categories: { id: number; sortOrder: number }[],
  channels: { id: number; categoryId: number; sortOrder: number }[],
) {
  const byOrder = <T extends { id: number; sortOrder: number }>(a: T, b: T) => a.sortOrder - b.sortOrder || a.id - b.id;
  return [...categories].sort(byOrder).map((category) => ({
    id: category.id,
    channelIds: channels
      .filter((channel) => channel.categoryId === category.id)
      .sort(byOrder)
      .map((channel) => channel.id),
  }));
}
