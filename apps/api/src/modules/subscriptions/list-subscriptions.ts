import type { Subscription, User } from '@pult/contract';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subscriptionPlans, subscriptions, users } from '../../db/schema';
import { countRows, type PageCount, pageWindow } from '../../lib/page-count';
import { withRegister } from '../users/users-repository';
import { type SubscriptionFilter, subscriptionConditions } from './subscription-filters';
import { toSubscription } from './subscription-row';

/**
 * Newest first, with `additionalInfo.relatedUsers`: exactly the users the page's `owner` values name
 * (seed §7), fetched in one query for the whole page.
 */
export async function listSubscriptions(
  db: Db,
  now: Date,
  params: { take: number; page: number } & SubscriptionFilter,
): Promise<{ items: Subscription[]; relatedUsers: User[] } & PageCount> {
  const condition = subscriptionConditions(params, now);
  const total = await countRows(db, db.select({ id: subscriptions.id }).from(subscriptions).where(condition));
  const window = pageWindow(total.count, params.page, params.take);
  if (window.limit === 0) return { items: [], relatedUsers: [], ...total };
  const order = window.reverse ? [subscriptions.id] : [desc(subscriptions.id)];
  const ids = (
    await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(condition)
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset)
  ).map((row) => row.id);
  if (window.reverse) ids.reverse();
  if (ids.length === 0) return { items: [], relatedUsers: [], ...total };

  const rows = await db
    .select({ subscription: subscriptions, planTitle: subscriptionPlans.title })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(inArray(subscriptions.id, ids));
  const byId = new Map(rows.map((row) => [row.subscription.id, row]));
  const items = ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [toSubscription(row.subscription, row.planTitle, now)];
  });
  const ownerIds = [...new Set(items.map((item) => item.owner))];
  const ownerRows = await db.select().from(users).where(inArray(users.id, ownerIds));
  return { items, relatedUsers: await withRegister(db, ownerRows, now), ...total };
}
