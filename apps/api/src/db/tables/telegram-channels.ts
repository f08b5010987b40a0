import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { time, version } from './columns';

/** Categories the channels are grouped by, in the order staff arranged them. */
export const tgCategories = pgTable(
  'tg_categories',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: time('created_at').notNull().defaultNow(),
    updatedAt: time('updated_at').notNull().defaultNow(),
    version: version(),
  },
  (t) => [
    uniqueIndex('tg_categories_title_key').on(sql`lower(${t.title})`),
    index('tg_categories_order_idx').on(t.sortOrder, t.id),
    check('tg_categories_title_check', sql`btrim(${t.title}) <> ''`),
    check('tg_categories_sort_order_check', sql`${t.sortOrder} >= 0`),
  ],
);

/**
 * Telegram channels shown in the planner. A channel always belongs to a category; a category that
 * still has channels cannot be deleted (RESTRICT), so none is ever orphaned.
 */
export const tgChannels = pgTable(
  'tg_channels',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** The t.me public name, without `@`; unique whatever its case, as Telegram treats it. */
    username: text('username').notNull(),
    description: text('description').notNull().default(''),
    categoryId: integer('category_id')
      .notNull()
      .references(() => tgCategories.id, { onDelete: 'restrict' }),
    icon: text('icon'),
    /** Telegram's unique id of the photo the icon came from, so an unchanged photo is not fetched again. */
    telegramPhotoId: text('telegram_photo_id'),
    sortOrder: integer('sort_order').notNull().default(0),
    published: boolean('published').notNull().default(true),
    subscribers: integer('subscribers'),
    checkedAt: time('checked_at'),
    createdAt: time('created_at').notNull().defaultNow(),
    updatedAt: time('updated_at').notNull().defaultNow(),
    version: version(),
  },
  (t) => [
    uniqueIndex('tg_channels_username_key').on(sql`lower(${t.username})`),
    index('tg_channels_category_order_idx').on(t.categoryId, t.sortOrder, t.id),
    check('tg_channels_title_check', sql`btrim(${t.title}) <> ''`),
    check('tg_channels_username_check', sql`${t.username} ~ '^[A-Za-z][A-Za-z0-9_]{3,30}[A-Za-z0-9]$'`),
    check('tg_channels_sort_order_check', sql`${t.sortOrder} >= 0`),
    check('tg_channels_subscribers_check', sql`${t.subscribers} IS NULL OR ${t.subscribers} >= 0`),
  ],
);
