import {
  type CollisionDetection,
  closestCenter,
  type KeyboardCoordinateGetter,
  pointerWithin,
  rectIntersection,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { CategoryColumn } from './layout';

export type DragTarget = { kind: 'category'; id: number } | { kind: 'channel'; id: number };

export const categoryDragId = (id: number) => `cat-${id}`;
export const channelDragId = (id: number) => `ch-${id}`;

export const parseDragId = (id: string | number | undefined | null): DragTarget | null => {
  const match = /^(cat|ch)-(\d+)$/.exec(String(id ?? ''));
  if (!match) return null;
  return { kind: match[1] === 'cat' ? 'category' : 'channel', id: Number(match[2]) };
};

/** Where a channel is: its category and index. */
export const locateChannel = (columns: CategoryColumn[], channelId: number) => {
  for (const column of columns) {
    const index = column.channels.findIndex((channel) => channel.id === channelId);
    if (index >= 0) return { categoryId: column.category.id, index };
  }
  return null;
};

/**
 * What a drag is over. A dragged category is compared with categories only. A dragged channel is
 * first placed in a category (the pointer's, or the one its box overlaps most when moved by
 * keyboard), then next to the closest channel there; an empty or folded category takes it as it is.
 */
export const collisionsFor =
  (columns: () => CategoryColumn[]): CollisionDetection =>
  (args) => {
    const ofKind = (kind: DragTarget['kind']) =>
      args.droppableContainers.filter((each) => parseDragId(each.id)?.kind === kind);
    const categories = ofKind('category');
    if (parseDragId(args.active.id)?.kind === 'category')
      return closestCenter({ ...args, droppableContainers: categories });
    const inside = args.pointerCoordinates
      ? pointerWithin({ ...args, droppableContainers: categories })
      : rectIntersection({ ...args, droppableContainers: categories });
    const category = parseDragId(inside[0]?.id);
    const channels = ofKind('channel');
    if (!category) return closestCenter({ ...args, droppableContainers: channels });
    const ids = new Set(
      columns()
        .find((column) => column.category.id === category.id)
        ?.channels.map((channel) => channelDragId(channel.id)) ?? [],
    );
    const here = channels.filter((each) => ids.has(String(each.id)));
    return here.length > 0 ? closestCenter({ ...args, droppableContainers: here }) : inside.slice(0, 1);
  };

/** The step through the categories' order an arrow key means: the board's columns read in the page's direction. */
const categoryStep = (code: string, rtl: boolean): number => {
  if (code === 'ArrowUp') return -1;
  if (code === 'ArrowDown') return 1;
  if (code === 'ArrowLeft') return rtl ? 1 : -1;
  if (code === 'ArrowRight') return rtl ? -1 : 1;
  return 0;
};

/**
 * Arrow keys on a category jump to the previous or next category in the board's order (its box
 * placed on theirs, wherever the grid put them), not to the nearest drop target, which would be one
 * of the channels in between. Channels use the sortable preset, which also crosses into neighbouring
 * categories.
 */
export const keyboardFor =
  (columns: () => CategoryColumn[]): KeyboardCoordinateGetter =>
  (event, args) => {
    const { active, over, droppableRects, collisionRect } = args.context;
    if (parseDragId(active?.id)?.kind !== 'category') return sortableKeyboardCoordinates(event, args);
    const step = categoryStep(event.code, document.documentElement.dir === 'rtl');
    if (step === 0 || !collisionRect) return undefined;
    event.preventDefault();
    const order = columns().map((column) => categoryDragId(column.category.id));
    const target = order[order.indexOf(String(over?.id ?? active?.id)) + step];
    const rect = target ? droppableRects.get(target) : undefined;
    if (!rect) return undefined;
    return {
      x: rect.left + rect.width / 2 - collisionRect.width / 2,
      y: rect.top + rect.height / 2 - collisionRect.height / 2,
    };
  };
