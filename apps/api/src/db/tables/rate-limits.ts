import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { time } from './columns';

/** Fixed-window counters shared by every API process: a limiter in memory would count per process. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: time('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [check('rate_limits_count_check', sql`${t.count} >= 0`)],
);
