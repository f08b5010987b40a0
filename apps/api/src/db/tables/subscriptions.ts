import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { oneOf, time } from './columns';
import { subscriptionPlans } from './plans';
import { users } from './users';

/**
 * A user's subscription. `status` stores what happened (active, canceled); "expired" is derived from
 * `expires_at` when read, so nothing waits for a periodic job.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    owner: integer('owner')
      .notNull()
      .references(() => users.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    status: text('status', { enum: ['active', 'expired', 'canceled'] }).notNull(),
    source: text('source', { enum: ['purchase', 'promo', 'admin'] }).notNull(),
    startedAt: time('started_at').notNull(),
    expiresAt: time('expires_at'),
    autoRenew: boolean('auto_renew').notNull().default(false),
    createdAt: time('created_at').notNull().defaultNow(),
  },
  (t) => [
    // A user's current subscription (the one that ends last, ties to the newest) is this index's first
    // entry for the owner; the migration (0023) adds INCLUDE (plan_id, status), which Drizzle cannot
    // declare, so the lists' probe and the export's walk over every owner read the index alone.
    index('subscriptions_owner_latest_idx').on(t.owner, t.expiresAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('subscriptions_plan_idx').on(t.planId),
    index('subscriptions_created_idx').on(t.createdAt, t.id),
    index('subscriptions_expires_idx').on(t.expiresAt, t.id),
    check('subscriptions_status_check', oneOf(t.status, ['active', 'expired', 'canceled'])),
    check('subscriptions_source_check', oneOf(t.source, ['purchase', 'promo', 'admin'])),
    check('subscriptions_period_check', sql`${t.expiresAt} IS NULL OR ${t.expiresAt} >= ${t.startedAt}`),
  ],
);
