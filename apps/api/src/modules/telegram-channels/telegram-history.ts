import { saveTgCategoryBody, saveTgChannelBody } from '@pult/contract';
import { eq } from 'drizzle-orm';
import { tgCategories } from '../../db/schema';
import { restorable, type VersionedResource } from '../revisions';
import { categoriesService } from './categories/categories-service';
import { channelsRepository } from './channels/channels-repository';
import { channelsService } from './channels/channels-service';
import { categoryNotFound, channelNotFound } from './telegram-errors';

const CHANNEL_FIELDS = ['title', 'username', 'description', 'categoryId', 'published', 'sortOrder'] as const;

/** Channels are versioned and kept in history (docs/decisions/0036); the icon is kept, not restored (a file). */
export const channelHistory: VersionedResource = {
  resource: 'tg-channel',
  async read(db, id) {
    const row = await channelsRepository.find(db, id);
    if (!row) return undefined;
    const state = Object.fromEntries(
      [...CHANNEL_FIELDS, 'icon'].map((field) => [field, row[field as keyof typeof row]]),
    );
    return { version: row.version, state };
  },
  notFound: channelNotFound,
  restore: (ctx, id, state) =>
    channelsService.save(ctx, restorable(saveTgChannelBody, { ...state, id }, ['id', ...CHANNEL_FIELDS])),
};

/** Categories are versioned and kept in history: their title and place. */
export const categoryHistory: VersionedResource = {
  resource: 'tg-category',
  async read(db, id) {
    const [row] = await db.select().from(tgCategories).where(eq(tgCategories.id, id));
    return row && { version: row.version, state: { title: row.title, sortOrder: row.sortOrder } };
  },
  notFound: categoryNotFound,
  restore: (ctx, id, state) =>
    categoriesService.save(ctx, restorable(saveTgCategoryBody, { ...state, id }, ['id', 'title', 'sortOrder'])),
};
