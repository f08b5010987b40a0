import type { SortOf, subscriptionSortFields } from '@pult/contract';
import { eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { subscriptionPlans, subscriptions, users } from '../../db/schema';
import { countFromWindow, countRows, type PageCount, pageWindow, windowCount } from '../../lib/page-count';
import { executePage } from '../../lib/prepared-once';
import { sortOrder } from '../../lib/sort-order';
import {
  type CurrentSubscription,
  currentSubscription,
  type ListedUserRow,
  listedUserColumns,
  registerColumns,
} from '../users';
import { fromGrantedRow, type Granted, type GrantedRow } from './grant-subscription';
import type { SubscriptionRow } from './subscription-row';

export interface SubscriptionWithPlan {
  subscription: SubscriptionRow;
  planTitle: string;
  /** The owner and their current subscription, for the page's `relatedUsers`. */
  owner: ListedUserRow;
  ownerCurrent: CurrentSubscription;
}
export type SubscriptionsPageRows = { rows: SubscriptionWithPlan[] } & PageCount;

export interface GrantCall {
  userId: number;
  planId: number;
  source: 'admin' | 'promo';
  provider: 'admin' | 'promo';
  at: Date;
  /** Who granted it and from where, for the audit event the function writes. */
  actorId: number | null;
  ip: string;
  /** The request that asked for it (the audit event's `request_id`). */
  requestId?: string | null;
}

/**
 * Subscriptions with their plan's title and their owner, the owner's own current subscription joined
 * as the users list joins it: the page and its `relatedUsers` in one statement (a second round trip
 * for the owners cost more than their 20 index probes; issue #16).
 */
const selectWithPlanAndOwner = <Extra extends Record<string, SQL> = Record<never, never>>(db: Db, extra?: Extra) => {
  const current = currentSubscription(db);
  return db
    .select({
      subscription: subscriptions,
      planTitle: subscriptionPlans.title,
      owner: listedUserColumns,
      ownerCurrent: registerColumns(current),
      ...(extra as Extra),
    })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .innerJoin(users, eq(users.id, subscriptions.owner))
    .leftJoinLateral(current, sql`true`)
    .$dynamic();
};

export type SubscriptionSort = SortOf<(typeof subscriptionSortFields)[number]>;

/** The columns a sort may name: `subscriptions_created_idx` (created_at, id), `subscriptions_expires_idx` (expires_at, id). */
const sortColumns = { createdAt: subscriptions.createdAt, expiresAt: subscriptions.expiresAt };
const orderOf = (sort: SubscriptionSort, reverse = false) => sortOrder(sort, sortColumns, subscriptions.id, reverse);

const idsWhere = (db: Db, condition: SQL | undefined) =>
  db.select({ id: subscriptions.id }).from(subscriptions).where(condition).$dynamic();

/** The SQL of subscriptions, and nothing else: no rules, no HTTP. */
export const subscriptionsRepository = {
  /**
   * A set known to be small (one owner's subscriptions): the page and its exact count come from one
   * query, as `count(*) over ()` is computed before LIMIT.
   */
  async smallPage(
    db: Db,
    condition: SQL | undefined,
    sort: SubscriptionSort,
    take: number,
    page: number,
  ): Promise<SubscriptionsPageRows> {
    const rows = await selectWithPlanAndOwner(db, { total: windowCount() })
      .where(condition)
      .orderBy(...orderOf(sort))
      .limit(take)
      .offset((page - 1) * take);
    const count = await countFromWindow(rows, () => countRows(db, idsWhere(db, condition)));
    return { rows, ...count };
  },

  /**
   * Any filter over millions of rows: the planner-estimated count, then a deferred join, where the
   * page's ids come from a walk of the sort's index and only those rows are joined with their plans.
   */
  async largePage(
    db: Db,
    condition: SQL | undefined,
    sort: SubscriptionSort,
    take: number,
    page: number,
  ): Promise<SubscriptionsPageRows> {
    const total = await countRows(db, idsWhere(db, condition));
    const window = pageWindow(total.count, page, take);
    if (window.limit === 0) return { rows: [], ...total };
    const select = (limit: number | Placeholder, offset: number | Placeholder) => {
      const pageIds = idsWhere(db, condition)
        .orderBy(...orderOf(sort, window.reverse))
        .limit(limit)
        .offset(offset);
      return selectWithPlanAndOwner(db)
        .where(inArray(subscriptions.id, pageIds))
        .orderBy(...orderOf(sort));
    };
    // The unfiltered list is a prepared statement per order and direction; a filtered one is built each time.
    const name = `subscriptions_page_${sort.replace(':', '_')}_${window.reverse ? 'reverse' : 'forward'}`;
    const rows =
      condition === undefined ? await executePage(db, name, window, select) : await select(window.limit, window.offset);
    return { rows, ...total };
  },

  /**
   * One call of the database function `pult_grant_subscription`: the subscription, its zero-amount
   * `grant` transaction and the audit event are written in one transaction or not at all. Its
   * refusals (unknown or deleted user, unknown or disabled plan) are raised with a code in HINT.
   */
  async grant(db: Db, call: GrantCall): Promise<Granted> {
    const [row] = await queryRows<GrantedRow>(
      db,
      sql`select * from pult_grant_subscription(${call.userId}::int, ${call.planId}::int, ${call.source}::text,
            ${call.provider}::text, null, ${call.at}::timestamptz, ${call.actorId}::int, ${call.ip}::inet,
            ${call.requestId ?? null}::text)`,
    );
    return fromGrantedRow(row);
  },
};
