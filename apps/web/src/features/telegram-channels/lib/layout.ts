import type { TgCategory, TgChannel } from '@pult/contract';

/** One category with its channels, in display order: what the board shows and the reorder call sends. */
export interface CategoryColumn {
  category: TgCategory;
  channels: TgChannel[];
}

const byPlace = <T extends { sortOrder: number; id: number }>(a: T, b: T) => a.sortOrder - b.sortOrder || a.id - b.id;

/** Groups channels under their categories, both in their stored order. */
export const groupChannels = (categories: TgCategory[], channels: TgChannel[]): CategoryColumn[] =>
  [...categories].sort(byPlace).map((category) => ({
    category,
    channels: channels.filter((channel) => channel.categoryId === category.id).sort(byPlace),
  }));

/** The reorder call's body for a board. */
export const layoutBody = (columns: CategoryColumn[]) => ({
  categories: columns.map((column) => ({
    id: column.category.id,
    channelIds: column.channels.map((channel) => channel.id),
  })),
});

export const moveItem = <T>(items: T[], from: number, to: number): T[] => {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
};

/** Moves a channel to `index` in category `toCategory` (another category or its own). */
export const moveChannel = (
  columns: CategoryColumn[],
  channelId: number,
  toCategory: number,
  index: number,
): CategoryColumn[] => {
  const channel = columns.flatMap((column) => column.channels).find((each) => each.id === channelId);
  if (!channel) return columns;
  const without = columns.map((column) => ({
    ...column,
    channels: column.channels.filter((each) => each.id !== channelId),
  }));
  return without.map((column) =>
    column.category.id === toCategory
      ? {
          ...column,
          channels: [
            ...column.channels.slice(0, index),
            { ...channel, categoryId: toCategory },
            ...column.channels.slice(index),
          ],
        }
      : column,
  );
};

export const tmeUrl = (username: string) => `https://t.me/${encodeURIComponent(username)}`;
