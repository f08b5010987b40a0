import type { User } from '@pult/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subscriptionPlans, subscriptions, users } from '../../db/schema';
import { type ListedUserRow, listedUserColumns, toUser } from './user-row';

export type SubscriptionStatus = 'active' | 'expired' | 'canceled';

/** "expired" is read from the clock, not stored by a job, so a subscription expires the moment it ends. */
export const effectiveStatus = (status: SubscriptionStatus, expiresAt: Date | null, now: Date): SubscriptionStatus =>
  status === 'active' && expiresAt !== null && expiresAt <= now ? 'expired' : status;

/**
 * Users joined with their current subscription (their `register`: the one that ends last), as one
 * query. The lateral subquery reads the first entry of `subscriptions_owner_latest_idx` for each user
 * (migration 0023 orders it so), so a page of users with their registers is a single round trip.
 * Callers add their own where/order/limit.
 */
export function selectUsersWithRegister(db: Db) {
  const current = currentSubscription(db);
  return db
    .select({ user: listedUserColumns, current: registerColumns(current) })
    .from(users)
    .leftJoinLateral(current, sql`true`)
    .$dynamic();
}

/** The lateral subquery of a user's current subscription; join it `on true` after `users`. */
export function currentSubscription(db: Db) {
  return db
    .select({
      planId: subscriptions.planId,
      planTitle: subscriptionPlans.title,
      status: subscriptions.status,
      expiresAt: subscriptions.expiresAt,
    })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(eq(subscriptions.owner, users.id))
    .orderBy(sql`${subscriptions.expiresAt} desc nulls first`, desc(subscriptions.id))
    .limit(1)
    .as('current');
}

/** A nested object of a left join's columns: Drizzle answers null when the user has none. */
export const registerColumns = (current: ReturnType<typeof currentSubscription>) => ({
  planId: current.planId,
  planTitle: current.planTitle,
  status: current.status,
  expiresAt: current.expiresAt,
});

export type CurrentSubscription = {
  planId: number;
  planTitle: string;
  status: SubscriptionStatus;
  expiresAt: Date | null;
} | null;

export function toRegister(current: CurrentSubscription, now: Date): User['register'] {
  if (!current) return null;
  return {
    planId: current.planId,
    planTitle: current.planTitle,
    status: effectiveStatus(current.status, current.expiresAt, now),
    expiresAt: current.expiresAt?.toISOString() ?? null,
  };
}

/** A row of `selectUsersWithRegister` → the contract's User with its `register`. */
export const toUserWithRegister = (row: { user: ListedUserRow; current: CurrentSubscription }, now: Date): User => ({
  ...toUser(row.user),
  register: toRegister(row.current, now),
});
