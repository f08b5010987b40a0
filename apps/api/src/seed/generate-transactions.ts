import type { PlanInfo } from './generate-plans';
import { planPicker } from './plan-picker';
import { createRandom, type Random } from './prng';
import type { SeedSource } from './seed-source';
import { timedPicks, type UserPool } from './user-pool';

type Kind = 'purchase' | 'renewal' | 'refund' | 'grant';
type Status = 'pending' | 'succeeded' | 'failed' | 'refunded' | 'canceled';
type Provider = 'yookassa' | 'cloudpayments' | 'appstore' | 'googleplay' | 'promo' | 'admin';

export interface TransactionRow {
  id: number;
  userId: number;
  planId: number | null;
  /** Kopecks; refunds are negative, grants zero. */
  amount: number;
  status: Status;
  provider: Provider;
  kind: Kind;
  externalId: string | null;
  createdAt: Date;
}

export interface GenerateTransactionsOptions {
  count: number;
  firstId: number;
  pool: UserPool;
  plans: readonly PlanInfo[];
  seed: number;
  now: Date;
}

export const kinds = [
  ['purchase', 45],
  ['renewal', 37],
  ['grant', 15],
  ['refund', 3],
] as const;
export const paymentProviders = [
  ['yookassa', 40],
  ['cloudpayments', 20],
  ['appstore', 22],
  ['googleplay', 18],
] as const;
export const grantProviders = [
  ['promo', 70],
  ['admin', 30],
] as const;
export const paymentStatuses = [
  ['succeeded', 86],
  ['failed', 8],
  ['canceled', 3],
  ['refunded', 2],
  ['pending', 1],
] as const;
/** A payment stays pending for minutes, a day at most: older "pending" ones ended up failed. */
export const PENDING_FOR_SEC = 86_400;

const hex8 = (random: Random) =>
  Math.floor(random.next() * 0x1_0000_0000)
    .toString(16)
    .padStart(8, '0');
const digits = (random: Random, n: number) =>
  String(Math.floor(random.next() * 10 ** Math.min(n, 15))).padStart(Math.min(n, 15), '0');

/** Each provider's own id format, as they appear in its dashboard. */
function externalId(provider: Provider, random: Random): string | null {
  switch (provider) {
    case 'yookassa': {
      const a = hex8(random);
      const b = hex8(random);
      return `${a}-${b.slice(0, 4)}-5000-${b.slice(4)}-${hex8(random)}${hex8(random).slice(0, 4)}`;
    }
    case 'cloudpayments':
      return String(2_000_000_000 + Math.floor(random.next() * 1_000_000_000));
    case 'appstore':
      return `2000000${digits(random, 9)}`;
    case 'googleplay':
      return `GPA.33${digits(random, 2)}-${digits(random, 4)}-${digits(random, 4)}-${digits(random, 5)}`;
    default:
      return null;
  }
}

/**
 * Payments oldest first over the users' lifetimes: purchases and renewals at the plan's price,
 * refunds negative, promo and admin grants at zero, with the failure rates a payment page sees.
 */
export function* generateTransactions(options: GenerateTransactionsOptions): Generator<TransactionRow> {
  const random = createRandom((options.seed ^ Math.imul(options.firstId, 0xc2b2ae35) ^ 0x7a3) >>> 0);
  const nowSec = Math.floor(options.now.getTime() / 1000);
  let first = nowSec;
  for (const t of options.pool.createdSec) if (t < first) first = t;
  const plans = planPicker(options.plans, first + (nowSec - first) / 2);
  let id = options.firstId;
  for (const { user, at } of timedPicks(options.pool, options.count, random, nowSec)) {
    const kind = random.pickWeighted(kinds);
    const plan = plans.pick(random, at, { renewable: kind === 'renewal' });
    let provider: Provider;
    let status: Status;
    let amount: number;
    if (kind === 'grant') {
      provider = random.pickWeighted(grantProviders);
      status = 'succeeded';
      amount = 0;
    } else {
      provider = random.pickWeighted(paymentProviders);
      status =
        kind === 'refund' ? (random.chance(0.95) ? 'succeeded' : 'pending') : random.pickWeighted(paymentStatuses);
      if (status === 'pending' && nowSec - at > PENDING_FOR_SEC) status = 'failed';
      amount = kind === 'refund' ? -plan.price : plan.price;
    }
    yield {
      id: id++,
      userId: options.pool.ids[user] ?? 0,
      planId: plan.id,
      amount,
      status,
      provider,
      kind,
      externalId: externalId(provider, random),
      createdAt: new Date(at * 1000),
    };
  }
}

export const transactionColumns = [
  'id',
  'user_id',
  'plan_id',
  'amount',
  'status',
  'provider',
  'kind',
  'external_id',
  'created_at',
] as const;

export function transactionSource(rows: Iterable<TransactionRow>, total: number): SeedSource {
  return { table: 'transactions', columns: transactionColumns, total, rows: mapRows(rows) };
}

function* mapRows(rows: Iterable<TransactionRow>) {
  for (const t of rows) {
    yield [t.id, t.userId, t.planId, t.amount, t.status, t.provider, t.kind, t.externalId, t.createdAt] as const;
  }
}
