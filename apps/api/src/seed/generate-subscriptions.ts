import type { PlanInfo } from './generate-plans';
import { planPicker } from './plan-picker';
import { createRandom } from './prng';
import type { SeedSource } from './seed-source';
import { timedPicks, type UserPool } from './user-pool';

export interface SubscriptionRow {
  id: number;
  owner: number;
  planId: number;
  status: 'active' | 'canceled';
  source: 'purchase' | 'promo' | 'admin';
  startedAt: Date;
  expiresAt: Date | null;
  autoRenew: boolean;
  createdAt: Date;
}

export interface GenerateSubscriptionsOptions {
  count: number;
  firstId: number;
  pool: UserPool;
  plans: readonly PlanInfo[];
  seed: number;
  now: Date;
}

const DAY = 86_400;
export const sources = [
  ['purchase', 78],
  ['promo', 15],
  ['admin', 7],
] as const;
/** Promo codes and admins grant a few standard lengths rather than the plan's own. */
export const grantDays = [7, 14, 30, 90, 365] as const;

/**
 * Subscriptions oldest first, each started somewhere in its owner's lifetime so far. Only what
 * happened is stored (active or canceled); "expired" is read from `expires_at`, and since a monthly
 * plan bought a year ago lapsed long ago, most of the history reads as expired — as it would in production.
 */
export function* generateSubscriptions(options: GenerateSubscriptionsOptions): Generator<SubscriptionRow> {
  const random = createRandom((options.seed ^ Math.imul(options.firstId, 0x85ebca6b) ^ 0x5b5c) >>> 0);
  const nowSec = Math.floor(options.now.getTime() / 1000);
  let first = nowSec;
  for (const t of options.pool.createdSec) if (t < first) first = t;
  const plans = planPicker(options.plans, first + (nowSec - first) / 2);
  let id = options.firstId;
  for (const { user, at } of timedPicks(options.pool, options.count, random, nowSec)) {
    const plan = plans.pick(random, at);
    const source = random.pickWeighted(sources);
    const purchase = source === 'purchase';
    const autoRenew = purchase && plan.period !== 'lifetime' && random.chance(0.6);
    const days = purchase ? plan.durationDays : random.pick(grantDays);
    // A lifetime plan never ends, granted or bought (as pult_grant_subscription does).
    let expiresSec: number | null = null;
    if (plan.period !== 'lifetime') {
      // Renewals push the end forward by whole periods; people drop off along the way.
      const periodsSoFar = Math.max(1, Math.ceil((nowSec - at) / (days * DAY)));
      const periods = autoRenew ? 1 + Math.floor(random.next() ** 1.5 * periodsSoFar) : 1;
      expiresSec = at + periods * days * DAY;
    }
    const canceled = random.chance(autoRenew ? 0.15 : 0.05);
    const startedAt = new Date(at * 1000);
    yield {
      id: id++,
      owner: options.pool.ids[user] ?? 0,
      planId: plan.id,
      status: canceled ? 'canceled' : 'active',
      source,
      startedAt,
      expiresAt: expiresSec === null ? null : new Date(expiresSec * 1000),
      autoRenew: autoRenew && !canceled,
      createdAt: startedAt,
    };
  }
}

export const subscriptionColumns = [
  'id',
  'owner',
  'plan_id',
  'status',
  'source',
  'started_at',
  'expires_at',
  'auto_renew',
  'created_at',
] as const;

export function subscriptionSource(rows: Iterable<SubscriptionRow>, total: number): SeedSource {
  return { table: 'subscriptions', columns: subscriptionColumns, total, rows: mapRows(rows) };
}

function* mapRows(rows: Iterable<SubscriptionRow>) {
  for (const s of rows) {
    yield [s.id, s.owner, s.planId, s.status, s.source, s.startedAt, s.expiresAt, s.autoRenew, s.createdAt] as const;
  }
}
