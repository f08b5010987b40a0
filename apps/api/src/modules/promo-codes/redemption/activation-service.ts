import type { Subscription } from '@pult/contract';
import { HttpError, rateLimited } from '../../../lib/http-errors';
import { countOutcome } from '../../../lib/metrics';
import { actorOf, type ServiceContext } from '../../../lib/service-context';
import { fromGrantedRow, toSubscription } from '../../subscriptions';
import { activationLimits } from './activation-limits';
import { activationRefusalsRepository } from './activation-refusals-repository';
import { redeemPromoCode } from './redemption-repository';

/**
 * A planner user redeems a code in one database call, `pult_redeem_promo_codes` (migration 0025,
 * docs/decisions/0027; batches claimed and granted in sets since 0026, decision 0028, from two since 0049),
 * together with the redemptions that arrived meanwhile. It reserves the attempt
 * against the per-account and per-address limits and commits that before the code is looked up
 * (atomically, so parallel guesses cannot slip past), then claims the code (docs/decisions/0009)
 * only if it is new and its series enabled and within its dates — of two concurrent redemptions
 * exactly one wins — bumps a counter shard and grants the plan; a success gives its attempt back, so
 * only failures count. A refusal arrives as its HttpError (CODE_NOT_FOUND, CODE_USED, CODE_BLOCKED,
 * SERIES_INACTIVE/NOT_STARTED/ENDED, PLAN_DISABLED: lib/pg-errors.ts ROUTINE_REFUSALS). Every refusal
 * is recorded with its reason.
 */
export const activationService = {
  /** Counted by result (`pult_promo_redemptions_total`): success, or the refusal's code. */
  activate: (ctx: ServiceContext, rawCode: string): Promise<Subscription> =>
    countOutcome(ctx.deps.metrics.promoRedemptions, () => activate(ctx, rawCode)),
};

async function activate(ctx: ServiceContext, rawCode: string): Promise<Subscription> {
  const userId = actorOf(ctx).userId;
  const now = ctx.clock.now();
  const limits = await activationLimits(ctx);
  try {
    const row = await redeemPromoCode(ctx.db, {
      code: rawCode.trim().toUpperCase(),
      userId,
      at: now,
      ip: ctx.ip,
      requestId: ctx.requestId,
      userKey: `activate:user:${userId}`,
      ipKey: `activate:ip:${ctx.ip}`,
      perUser: limits.perUser.max,
      perIp: limits.perIp.max,
      // One window for both limits: they come from the same setting.
      windowMs: limits.perUser.windowMs,
    });
    if ('retryAfter' in row) throw tooManyAttempts(row.retryAfter);
    const granted = fromGrantedRow(row.granted);
    return toSubscription(granted.subscription, granted.planTitle, now);
  } catch (error) {
    if (error instanceof HttpError) {
      await activationRefusalsRepository.record(ctx.db, { userId, ip: ctx.ip, reason: error.code, at: now });
    }
    throw error;
  }
}

const tooManyAttempts = (seconds: number) =>
  rateLimited(seconds, 'Too many failed promo code attempts, try again later');
