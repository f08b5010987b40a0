import { and, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';
import { userIdsMatching } from '../users';

export interface SubscriptionFilter {
  status?: Array<'active' | 'expired' | 'canceled'>;
  source?: Array<'purchase' | 'promo' | 'admin'>;
  planId?: number;
  owner?: number;
  /** The owner's e-mail or phone, or a part of one. */
  user?: string;
  expiresTo?: string;
}

/** "active" and "expired" are read against the clock, so a lapsed subscription is expired at once. */
function statusCondition(status: 'active' | 'expired' | 'canceled', now: Date): SQL | undefined {
  const s = subscriptions;
  if (status === 'canceled') return eq(s.status, 'canceled');
  if (status === 'active') return and(eq(s.status, 'active'), or(isNull(s.expiresAt), sql`${s.expiresAt} > ${now}`));
  return or(eq(s.status, 'expired'), and(eq(s.status, 'active'), lte(s.expiresAt, now)));
}

export function subscriptionConditions(filter: SubscriptionFilter, now: Date): SQL | undefined {
  const s = subscriptions;
  return and(
    filter.status ? or(...filter.status.map((status) => statusCondition(status, now))) : undefined,
    filter.source ? inArray(s.source, filter.source) : undefined,
    filter.planId ? eq(s.planId, filter.planId) : undefined,
    filter.owner ? eq(s.owner, filter.owner) : undefined,
    filter.user ? sql`${s.owner} IN (${userIdsMatching(filter.user)})` : undefined,
    filter.expiresTo ? lte(s.expiresAt, new Date(filter.expiresTo)) : undefined,
  );
}
