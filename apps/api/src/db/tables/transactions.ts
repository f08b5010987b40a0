import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { oneOf, time } from './columns';
import { subscriptionPlans } from './plans';
import { users } from './users';

export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    planId: integer('plan_id').references(() => subscriptionPlans.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('RUB'),
    status: text('status', { enum: ['pending', 'succeeded', 'failed', 'refunded', 'canceled'] }).notNull(),
    provider: text('provider', {
      enum: ['yookassa', 'cloudpayments', 'appstore', 'googleplay', 'promo', 'admin'],
    }).notNull(),
    kind: text('kind', { enum: ['purchase', 'renewal', 'refund', 'grant'] }).notNull(),
    externalId: text('external_id'),
    createdAt: time('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('transactions_created_idx').on(t.createdAt, t.id),
    index('transactions_user_idx').on(t.userId, t.createdAt),
    // Deleting or re-pointing a plan checks its transactions; without it that is a 5 M-row scan.
    index('transactions_plan_idx').on(t.planId),
    check('transactions_status_check', oneOf(t.status, ['pending', 'succeeded', 'failed', 'refunded', 'canceled'])),
    check(
      'transactions_provider_check',
      oneOf(t.provider, ['yookassa', 'cloudpayments', 'appstore', 'googleplay', 'promo', 'admin']),
    ),
    check('transactions_kind_check', oneOf(t.kind, ['purchase', 'renewal', 'refund', 'grant'])),
    // Payments arrive from stores in their currency: any ISO 4217 code, not only the plans' RUB.
    check('transactions_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    // Kopecks: a refund gives money back (negative), a grant costs nothing, a payment is not negative.
    check(
      'transactions_amount_check',
      sql`CASE ${t.kind} WHEN 'refund' THEN ${t.amount} <= 0 WHEN 'grant' THEN ${t.amount} = 0
        ELSE ${t.amount} >= 0 END`,
    ),
  ],
);
