import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { time, version } from './columns';
import { users } from './users';

/**
 * The system settings: one row (id 1) holding the values as JSON, validated by the contract on
 * every write. A missing row or key means the built-in default.
 */
export const systemSettings = pgTable(
  'system_settings',
  {
    id: integer('id').primaryKey().default(1),
    value: jsonb('value').notNull(),
    updatedAt: time('updated_at').notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id),
    version: version(),
  },
  (t) => [
    check('system_settings_single_row_check', sql`${t.id} = 1`),
    check('system_settings_object_check', sql`jsonb_typeof(${t.value}) = 'object'`),
    index('system_settings_updated_by_idx').on(t.updatedBy),
  ],
);

/** A staff member's own preferences (the interface language). */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    locale: text('locale').notNull().default('ru'),
    updatedAt: time('updated_at').notNull().defaultNow(),
  },
  (t) => [check('user_preferences_locale_check', sql`${t.locale} IN ('ru', 'en', 'zh', 'fr', 'ja')`)],
);
