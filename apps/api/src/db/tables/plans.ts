import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { oneOf, time, version } from './columns';

/** A plan ("subscription description" in the seed): what people can pay for. Money in kopecks. */
export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    price: integer('price').notNull(),
    currency: text('currency').notNull().default('RUB'),
    period: text('period', { enum: ['month', 'year', 'lifetime'] }).notNull(),
    durationDays: integer('duration_days').notNull(),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    icon: text('icon'),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: time('created_at').notNull().defaultNow(),
    updatedAt: time('updated_at').notNull().defaultNow(),
    version: version(),
  },
  (t) => [
    uniqueIndex('subscription_plans_title_key').on(sql`lower(${t.title})`),
    check('price_not_negative', sql`${t.price} >= 0`),
    check('subscription_plans_title_check', sql`btrim(${t.title}) <> ''`),
    check('subscription_plans_currency_check', oneOf(t.currency, ['RUB'])),
    check('subscription_plans_period_check', oneOf(t.period, ['month', 'year', 'lifetime'])),
    // How long each period may last: a "month" of 300 days is a typo, not a product.
    check(
      'subscription_plans_duration_check',
      sql`CASE ${t.period} WHEN 'month' THEN ${t.durationDays} BETWEEN 28 AND 31
        WHEN 'year' THEN ${t.durationDays} BETWEEN 365 AND 366
        WHEN 'lifetime' THEN ${t.durationDays} = 36500 ELSE true END`,
    ),
    check('subscription_plans_sort_order_check', sql`${t.sortOrder} >= 0`),
    check('subscription_plans_features_check', sql`jsonb_typeof(${t.features}) = 'array'`),
  ],
);
