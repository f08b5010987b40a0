import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { time } from './columns';
import { users } from './users';

export const passwordResets = pgTable(
  'password_resets',
  {
    hash: text('hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    expiresAt: time('expires_at').notNull(),
    usedAt: time('used_at'),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);
