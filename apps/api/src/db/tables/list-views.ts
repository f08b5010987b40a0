import { type ColumnSetting, listKeys, type ViewState } from '@pult/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf, time } from './columns';
import { users } from './users';

/** One person's columns of one list screen: the order shown and which are hidden (issue #15). */
export const listColumnSettings = pgTable(
  'list_column_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listKey: text('list_key').notNull(),
    columns: jsonb('columns').$type<ColumnSetting[]>().notNull(),
    updatedAt: time('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listKey] }),
    check('list_column_settings_list_key_check', oneOf(t.listKey, listKeys)),
    check('list_column_settings_columns_check', sql`jsonb_typeof(${t.columns}) = 'array'`),
  ],
);

/** A named set of a list's filters, sort and columns; personal, or shared with all staff by an admin. */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listKey: text('list_key').notNull(),
    name: text('name').notNull(),
    state: jsonb('state').$type<ViewState>().notNull(),
    shared: boolean('shared').notNull().default(false),
    createdAt: time('created_at').notNull().defaultNow(),
    updatedAt: time('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Also serves the owner's lookups and the owner FK (its leading column).
    uniqueIndex('saved_views_owner_list_name_idx').on(t.ownerId, t.listKey, t.name),
    index('saved_views_shared_idx').on(t.listKey).where(sql`shared`),
    check('saved_views_list_key_check', oneOf(t.listKey, listKeys)),
    check('saved_views_name_check', sql`length(${t.name}) BETWEEN 1 AND 60 AND ${t.name} = btrim(${t.name})`),
    check('saved_views_state_check', sql`jsonb_typeof(${t.state}) = 'object'`),
  ],
);
