import type { Subscription } from '@pult/contract';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { HttpError } from '../../lib/http-errors';
import { withDatabaseRefusals } from '../../lib/pg-errors';
import { releaseAttempt, reserveAttempt } from '../../lib/rate-limit';
import { actorOf, type ServiceContext } from '../../lib/service-context';
import { fromGrantedRow, type GrantedRow, toSubscription } from '../subscriptions';
import { activationLimits } from './activation-limits';
import { activationRefusalsRepository } from './activation-refusals-repository';
import { COUNTER_SHARDS } from './series-repository';

/**
 * A planner user redeems a code: one call of `pult_activate_promo_code` (migration 0005,
 * docs/decisions/0009) claims the code only if it is new and its series enabled and within its
 * dates — of two concurrent redemptions exactly one wins — bumps a counter shard and grants the
 * plan through `pult_grant_subscription`, all in one transaction. Its refusals name their code in
 * HINT (CODE_NOT_FOUND, CODE_USED, CODE_BLOCKED, SERIES_INACTIVE/NOT_STARTED/ENDED, PLAN_DISABLED).
 */
export const activationService = {
  /**
   * Each attempt is reserved against the per-account and per-address limits before the code is
   * looked up (atomically, so parallel guesses cannot slip past); a success gives its attempt back,
   * so only failures count. Every refusal is recorded with its reason.
   */
  activate: async (ctx: ServiceContext, rawCode: string): Promise<Subscription> => {
    const userId = actorOf(ctx).userId;
    const now = ctx.clock.now();
    const userKey = `activate:user:${userId}`;
    const ipKey = `activate:ip:${ctx.ip}`;
    const limits = await activationLimits(ctx);
    const byUser = await reserveAttempt(ctx.db, userKey, limits.perUser, now);
    const byIp = await reserveAttempt(ctx.db, ipKey, limits.perIp, now);
    try {
      if (!byUser.allowed || !byIp.allowed) throw tooManyAttempts(Math.max(byUser.retryAfter, byIp.retryAfter));
      const subscription = await redeem(ctx, rawCode, userId, now);
      await releaseAttempt(ctx.db, userKey);
      await releaseAttempt(ctx.db, ipKey);
      return subscription;
    } catch (error) {
      if (error instanceof HttpError) {
        await activationRefusalsRepository.record(ctx.db, { userId, ip: ctx.ip, reason: error.code, at: now });
      }
      throw error;
    }
  },
};

const tooManyAttempts = (seconds: number) =>
  new HttpError(429, 'RATE_LIMITED', 'Too many failed promo code attempts, try again later', undefined, {
    'retry-after': String(seconds),
  });

const redeem = (ctx: ServiceContext, rawCode: string, userId: number, now: Date): Promise<Subscription> =>
  withDatabaseRefusals(async () => {
    const shard = Math.floor(Math.random() * COUNTER_SHARDS);
    const [row] = await queryRows<GrantedRow>(
      ctx.db,
      sql`select * from pult_activate_promo_code(${rawCode.trim().toUpperCase()}::text, ${userId}::int,
            ${now}::timestamptz, ${shard}::int, ${ctx.ip}::inet)`,
    );
    const granted = fromGrantedRow(row);
    return toSubscription(granted.subscription, granted.planTitle, now);
  });
