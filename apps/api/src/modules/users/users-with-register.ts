import type { User } from '@pult/contract';
import { desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
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

/** A timestamptz as `Date#toISOString` writes it (UTC, milliseconds, `Z`), written by PostgreSQL. */
const isoTime = (column: SQLWrapper) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The contract's User as a record for PostgreSQL's row_to_json, the same fields and values `toUserWithRegister`
 * gives (times as `toISOString`, "expired" read from `now` at the millisecond as `effectiveStatus`), for a
 * select that joins `users` and `current` (issue 37: a page's JSON written by the database, passed
 * through as text, without Drizzle's mapping, zod's walk or JSON.stringify in the process).
 */
export function userJson(current: ReturnType<typeof currentSubscription>, now: SQLWrapper): SQL {
  const expired = sql`${current.status} = 'active' and ${current.expiresAt} is not null and date_trunc('milliseconds', ${current.expiresAt}) <= ${now}`;
  // A record's JSON (row_to_json) has no blanks, json_build_object's has; the caller turns the record into JSON.
  const register = sql`(select row_to_json(r) from (select ${current.planId} as "planId", ${current.planTitle} as "planTitle", case when ${expired} then 'expired' else ${current.status} end as "status", ${isoTime(current.expiresAt)} as "expiresAt") r)`;
  return sql`(select u from (select ${users.id} as "id", ${users.email} as "email", ${users.phoneNumber} as "phoneNumber", ${users.firstName} as "firstName", ${users.lastName} as "lastName", ${users.role} as "role", ${users.status} as "status", ${users.avatar} as "avatar", ${isoTime(users.createdAt)} as "createdAt", ${isoTime(users.lastSeenAt)} as "lastSeenAt", case when ${current.planId} is null then null else ${register} end as "register", ${users.version} as "version") u)`;
}

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
