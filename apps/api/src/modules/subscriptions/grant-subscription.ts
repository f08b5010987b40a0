import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { subscriptionPlans, subscriptions, transactions, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-errors';

const DAY_MS = 24 * 3600_000;

/**
 * Starts the user's subscription to the plan, or extends the live one from its current expiry, and
 * records a zero-amount `grant` transaction and an audit event — all in one database transaction, so
 * a failure anywhere leaves nothing half-written. Used by `subscribe-by-admin` and promo activation.
 */
export interface GrantParams {
  userId: number;
  planId: number;
  source: 'admin' | 'promo';
  provider: 'admin' | 'promo';
  /** Overrides the plan's duration (a promo series grants its own number of days). */
  durationDays?: number;
}

export const grantSubscription = (db: Db, request: FastifyRequest, params: GrantParams) =>
  db.transaction((tx) => grantInTransaction(tx, request, params));

/** The grant's writes, inside a transaction the caller owns (promo activation adds its own writes). */
export async function grantInTransaction(tx: Db, request: FastifyRequest, params: GrantParams) {
  const now = request.server.clock.now();
  // Locks serialise concurrent grants to one user, so two extensions both count.
  const [user] = await tx.select().from(users).where(eq(users.id, params.userId)).for('update');
  if (!user) throw notFound('User not found');
  if (user.status === 'deleted') throw conflict('The user is deleted; restore the account first');
  const [plan] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, params.planId));
  if (!plan) throw notFound('Plan not found');
  if (!plan.enabled) throw conflict('The plan is disabled; enable it before granting');

  const days = params.durationDays ?? plan.durationDays;
  const [live] = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.owner, user.id),
        eq(subscriptions.planId, plan.id),
        eq(subscriptions.status, 'active'),
        or(isNull(subscriptions.expiresAt), gt(subscriptions.expiresAt, now)),
      ),
    )
    .orderBy(desc(subscriptions.expiresAt))
    .limit(1)
    .for('update');

  let subscription: typeof subscriptions.$inferSelect | undefined;
  if (live) {
    // A lifetime subscription (no expiry) has nothing to extend.
    const expiresAt = live.expiresAt ? new Date(live.expiresAt.getTime() + days * DAY_MS) : null;
    [subscription] = await tx.update(subscriptions).set({ expiresAt }).where(eq(subscriptions.id, live.id)).returning();
  } else {
    [subscription] = await tx
      .insert(subscriptions)
      .values({
        owner: user.id,
        planId: plan.id,
        status: 'active',
        source: params.source,
        startedAt: now,
        expiresAt: plan.period === 'lifetime' ? null : new Date(now.getTime() + days * DAY_MS),
        createdAt: now,
      })
      .returning();
  }
  if (!subscription) throw new Error('subscription write returned nothing');
  const [payment] = await tx
    .insert(transactions)
    .values({
      userId: user.id,
      planId: plan.id,
      amount: 0,
      currency: plan.currency,
      status: 'succeeded',
      provider: params.provider,
      kind: 'grant',
      createdAt: now,
    })
    .returning({ id: transactions.id });
  await request.audit(
    {
      action: live ? 'extend-subscription' : 'grant-subscription',
      entity: 'subscription',
      entityId: subscription.id,
      before: live ? { expiresAt: live.expiresAt } : null,
      after: { owner: user.id, planId: plan.id, expiresAt: subscription.expiresAt, transactionId: payment?.id },
    },
    tx,
  );
  return { subscription, planTitle: plan.title, extended: Boolean(live) };
}
