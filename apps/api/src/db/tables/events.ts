import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { time } from './columns';
import { users } from './users';

/**
 * Tickets that open the live-events stream (`GET /api/events?ticket=`): EventSource cannot send the
 * Api-Token header, so a signed-in caller first takes a ticket that works once, for a minute. Only its
 * hash is kept, as with sessions; any process may redeem it.
 */
export const eventTickets = pgTable(
  'event_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    expiresAt: time('expires_at').notNull(),
  },
  (t) => [index('event_tickets_user_idx').on(t.userId), index('event_tickets_expires_idx').on(t.expiresAt)],
);
