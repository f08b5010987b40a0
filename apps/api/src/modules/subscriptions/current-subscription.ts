import type { User } from '@pult/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subscriptionPlans, subscriptions } from '../../db/schema';

/** "expired" is read from the clock, not stored by a job (issue: expiry without waiting). */
export const effectiveStatus = (status: 'active' | 'expired' | 'canceled', expiresAt: Date | null, now: Date) =>
  status === 'active' && expiresAt !== null && expiresAt <= now ? 'expired' : status;

/**
 * Each user's current subscription (the `register` of seed §3): the one that ends last.
 * One query for a whole page of users.
 */
export async function currentSubscriptions(
  db: Db,
  userIds: number[],
  now: Date,
): Promise<Map<number, User['register']>> {
  const result = new Map<number, User['register']>();
  if (userIds.length === 0) return result;
  const rows = await db
    .selectDistinctOn([subscriptions.owner], {
      owner: subscriptions.owner,
      planId: subscriptions.planId,
      planTitle: subscriptionPlans.title,
      status: subscriptions.status,
      expiresAt: subscriptions.expiresAt,
    })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(and(inArray(subscriptions.owner, userIds)))
    .orderBy(subscriptions.owner, sql`${subscriptions.expiresAt} desc nulls first`, desc(subscriptions.id));
  for (const row of rows) {
    result.set(row.owner, {
      planId: row.planId,
      planTitle: row.planTitle,
      status: effectiveStatus(row.status, row.expiresAt, now),
      expiresAt: row.expiresAt?.toISOString() ?? null,
    });
  }
  return result;
}
