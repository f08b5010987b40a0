import { z } from 'zod';
import { dbId, estimatedPage, sortQuery } from './common';
import { commaList, filter, listQuery } from './list-query';
import { user, userSearchText } from './users';
import { recordVersion } from './versions';

export const planPeriods = ['month', 'year', 'lifetime'] as const;
export const planPeriod = z.enum(planPeriods);

/** How many days each period may last: a "month" plan of 300 days is a typo, not a product. */
export const periodDays: Record<(typeof planPeriods)[number], { min: number; max: number }> = {
  month: { min: 28, max: 31 },
  year: { min: 365, max: 366 },
  lifetime: { min: 36500, max: 36500 },
};

/** The Russian title of the yearly plan, the one the grant dialog preselects. */
export const YEARLY_PLAN_TITLE = 'Годовая подписка';

export const plan = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** Kopecks. */
  price: z.number().int(),
  currency: z.string(),
  period: planPeriod,
  durationDays: z.number().int(),
  features: z.array(z.string()),
  icon: z.string().nullable(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: recordVersion,
});
export type Plan = z.infer<typeof plan>;

const planFieldsBase = z.object({
  title: z.string().trim().min(1).max(100),
  description: z.string().trim().max(2000).default(''),
  price: z.number().int().min(0).max(100_000_000),
  currency: z.enum(['RUB']).default('RUB'),
  period: planPeriod,
  durationDays: z.number().int().min(1).max(36500),
  features: z.array(z.string().trim().min(1).max(200)).max(20).default([]),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});

const daysMatchPeriod = (body: { period?: keyof typeof periodDays; durationDays?: number }) => {
  if (!body.period || body.durationDays === undefined) return true;
  const range = periodDays[body.period];
  return body.durationDays >= range.min && body.durationDays <= range.max;
};
const daysMessage = {
  path: ['durationDays'],
  message: 'does not match the period (month 28–31, year 365–366, lifetime 36500)',
  params: { code: 'mismatch' },
};

export const createPlanBody = planFieldsBase.refine(daysMatchPeriod, daysMessage);
export type CreatePlanBody = z.input<typeof createPlanBody>;

/** Editors may change texts; price, period and duration are admin-only (checked by the route). */
export const updatePlanBody = planFieldsBase
  .extend({
    description: z.string().trim().max(2000),
    features: z.array(z.string().trim().min(1).max(200)).max(20),
    currency: z.enum(['RUB']),
    sortOrder: z.number().int().min(0).max(10_000),
  })
  .partial()
  .refine(daysMatchPeriod, daysMessage);
export type UpdatePlanBody = z.infer<typeof updatePlanBody>;

export const planAction = z.enum(['enable', 'disable']);
export const managePlanParams = z.object({ id: dbId, action: planAction });

export const subscriptionStatuses = ['active', 'expired', 'canceled'] as const;
export const subscriptionSources = ['purchase', 'promo', 'admin'] as const;

export const subscription = z.object({
  id: z.number().int(),
  owner: z.number().int(),
  planId: z.number().int(),
  planTitle: z.string(),
  status: z.enum(subscriptionStatuses),
  source: z.enum(subscriptionSources),
  startedAt: z.string(),
  expiresAt: z.string().nullable(),
  autoRenew: z.boolean(),
  createdAt: z.string(),
});
export type Subscription = z.infer<typeof subscription>;

/** The orders an index serves: `subscriptions_created_idx` (created_at, id) and `subscriptions_expires_idx`. */
export const subscriptionSortFields = ['createdAt', 'expiresAt'] as const;

export const subscriptionsQuery = listQuery({
  status: commaList(subscriptionStatuses),
  source: commaList(subscriptionSources),
  planId: filter.id(),
  owner: filter.id(),
  /** The owner's e-mail or phone, or a part of one (the user page names the owner by `owner`). */
  user: userSearchText,
  /** Ends at or before this instant (a range on the expiry: `expiresFrom` is not needed yet). */
  expiresTo: filter.instant(),
  sort: sortQuery(subscriptionSortFields).default('createdAt:desc'),
});

/** A page of subscriptions with the users its `owner` values name (`owner` is matched against `id`). */
export const subscriptionsPage = estimatedPage(subscription, {
  additionalInfo: z.object({ relatedUsers: z.array(user) }),
});
export type SubscriptionsPage = z.infer<typeof subscriptionsPage>;
export type SubscriptionsQuery = z.input<typeof subscriptionsQuery>;

export const grantParams = z.object({
  userId: dbId,
  planId: dbId,
});

export const transactionStatuses = ['pending', 'succeeded', 'failed', 'refunded', 'canceled'] as const;
export const transactionProviders = ['yookassa', 'cloudpayments', 'appstore', 'googleplay', 'promo', 'admin'] as const;
export const transactionKinds = ['purchase', 'renewal', 'refund', 'grant'] as const;

export const transaction = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userEmail: z.string().nullable(),
  planId: z.number().int().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(transactionStatuses),
  provider: z.enum(transactionProviders),
  kind: z.enum(transactionKinds),
  externalId: z.string().nullable(),
  createdAt: z.string(),
});
export type Transaction = z.infer<typeof transaction>;

/**
 * The orders an index serves on 5M rows: `transactions_created_idx` (created_at, id). By amount would
 * sort every matching row for page 1; it waits for an (amount, id) index.
 */
export const transactionSortFields = ['createdAt'] as const;

export const transactionsQuery = listQuery({
  status: commaList(transactionStatuses),
  provider: commaList(transactionProviders),
  kind: commaList(transactionKinds),
  userId: filter.id(),
  /** The payer's e-mail or phone, or a part of one. */
  user: userSearchText,
  sort: sortQuery(transactionSortFields).default('createdAt:desc'),
  /** Created from / to, both included. */
  from: filter.instant(),
  to: filter.instant(),
  /** Kopecks, both included. */
  amountFrom: filter.int(0),
  amountTo: filter.int(0),
}).refine((q) => q.amountFrom === undefined || q.amountTo === undefined || q.amountFrom <= q.amountTo, {
  path: ['amountTo'],
  message: 'must not be below amountFrom',
});

export const transactionsPage = estimatedPage(transaction);
export type TransactionsPage = z.infer<typeof transactionsPage>;
export type TransactionsQuery = z.input<typeof transactionsQuery>;

/** Exact count and sum (kopecks) of a filtered set; a separate call so the list itself stays fast. */
export const transactionsSummary = z.object({ count: z.number().int(), sum: z.number().int() });
export type TransactionsSummary = z.infer<typeof transactionsSummary>;
