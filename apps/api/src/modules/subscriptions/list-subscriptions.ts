import type { Subscription, User } from '@pult/contract';
import { desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subscriptionPlans, subscriptions } from '../../db/schema';
import { countFromWindow, countRows, type PageCount, pageWindow, windowCount } from '../../lib/page-count';
import { findUsers } from '../users/users-repository';
import { type SubscriptionFilter, subscriptionConditions } from './subscription-filters';
import { toSubscription } from './subscription-row';

type Params = { take: number; page: number } & SubscriptionFilter;
type Page = { items: Subscription[] } & PageCount;

const selectWithPlan = <Extra extends Record<string, SQL> = Record<never, never>>(db: Db, extra?: Extra) =>
  db
    .select({ subscription: subscriptions, planTitle: subscriptionPlans.title, ...(extra as Extra) })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .$dynamic();

/**
 * Newest first, with `additionalInfo.relatedUsers`: exactly the users the page's `owner` values name
 * (seed §7), fetched with their registers in one query for the whole page.
 */
export async function listSubscriptions(
  db: Db,
  now: Date,
  params: Params,
): Promise<{ items: Subscription[]; relatedUsers: User[] } & PageCount> {
  const condition = subscriptionConditions(params, now);
  const page = params.owner
    ? await oneOwnersPage(db, now, params, condition)
    : await largePage(db, now, params, condition);
  const ownerIds = [...new Set(page.items.map((item) => item.owner))];
  return { ...page, relatedUsers: await findUsers(db, ownerIds, now) };
}

/**
 * One user's subscriptions are a handful, so the page and its exact count come from one query
 * (`count(*) over ()` is computed before LIMIT): the user page's list costs two round trips in all.
 */
async function oneOwnersPage(db: Db, now: Date, params: Params, condition: SQL | undefined): Promise<Page> {
  const rows = await selectWithPlan(db, { total: windowCount() })
    .where(condition)
    .orderBy(desc(subscriptions.id))
    .limit(params.take)
    .offset((params.page - 1) * params.take);
  return {
    items: rows.map((row) => toSubscription(row.subscription, row.planTitle, now)),
    ...(await countFromWindow(rows, () => countRows(db, idsWhere(db, condition)))),
  };
}

const idsWhere = (db: Db, condition: SQL | undefined) =>
  db.select({ id: subscriptions.id }).from(subscriptions).where(condition).$dynamic();

/**
 * Any filter over 1.5 M rows: the planner-estimated count (docs/decisions/0005), then a deferred join,
 * where the page's ids come from an index-only walk and only those rows are joined with their plans.
 */
async function largePage(db: Db, now: Date, params: Params, condition: SQL | undefined): Promise<Page> {
  const total = await countRows(db, idsWhere(db, condition));
  const window = pageWindow(total.count, params.page, params.take);
  if (window.limit === 0) return { items: [], ...total };
  const pageIds = idsWhere(db, condition)
    .orderBy(window.reverse ? subscriptions.id : desc(subscriptions.id))
    .limit(window.limit)
    .offset(window.offset);
  const rows = await selectWithPlan(db).where(inArray(subscriptions.id, pageIds)).orderBy(desc(subscriptions.id));
  return { items: rows.map((row) => toSubscription(row.subscription, row.planTitle, now)), ...total };
}
