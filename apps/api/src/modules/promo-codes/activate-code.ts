import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { promoCodes, promoSeries } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-errors';
import { grantInTransaction } from '../subscriptions/grant-subscription';
import { bumpCounters } from './series-repository';

/**
 * A planner user redeems a code (product.md §7): the code row is locked, so of two concurrent
 * activations exactly one wins; the code, the counters, the subscription and its zero-amount
 * transaction are written in one database transaction.
 */
export async function activateCode(db: Db, request: FastifyRequest, userId: number, rawCode: string) {
  const now = request.server.clock.now();
  const value = rawCode.trim().toUpperCase();
  return db.transaction(async (tx) => {
    const [code] = await tx.select().from(promoCodes).where(eq(promoCodes.value, value)).for('update');
    if (!code) throw notFound('Promo code not found');
    if (code.status === 'activated') throw conflict('This promo code has already been used');
    if (code.status === 'blocked') throw conflict('This promo code is blocked');
    const [series] = await tx.select().from(promoSeries).where(eq(promoSeries.id, code.seriesId));
    if (series?.status !== 'enabled') throw conflict('This promo campaign is not active');
    if (series.startsAt && series.startsAt > now) throw conflict('This promo campaign has not started yet');
    if (series.endsAt && series.endsAt <= now) throw conflict('This promo campaign has ended');

    await tx
      .update(promoCodes)
      .set({ status: 'activated', activatedBy: userId, activatedAt: now })
      .where(and(eq(promoCodes.id, code.id), eq(promoCodes.status, 'new')));
    await bumpCounters(tx, series.id, { activated: 1 });
    const granted = await grantInTransaction(tx, request, {
      userId,
      planId: series.planId,
      source: 'promo',
      provider: 'promo',
      durationDays: series.durationDays,
    });
    return { code: value, ...granted };
  });
}
