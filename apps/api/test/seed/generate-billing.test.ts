import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlanInfo } from '../../src/seed/generate-plans';
import { generateSubscriptions } from '../../src/seed/generate-subscriptions';
import { generateTransactions } from '../../src/seed/generate-transactions';
import { createRandom } from '../../src/seed/prng';
import { timedPicks, type UserPool } from '../../src/seed/user-pool';

const now = new Date('2025-06-01T12:00:00Z');
const nowSec = now.getTime() / 1000;
const DAY = 86_400;

const plans: PlanInfo[] = [
  { id: 1, price: 29_900, period: 'month', durationDays: 30, enabled: true },
  { id: 2, price: 199_000, period: 'year', durationDays: 365, enabled: true },
  { id: 3, price: 499_000, period: 'lifetime', durationDays: 36_500, enabled: true },
  { id: 4, price: 39_900, period: 'month', durationDays: 30, enabled: false },
];
const byId = new Map(plans.map((p) => [p.id, p]));

/** 2 000 users with ids from 10, registered over two years. */
function pool(size = 2000, seed = 7): UserPool {
  const random = createRandom(seed);
  const createdSec = Uint32Array.from({ length: size }, () => nowSec - random.int(0, 730 * DAY));
  const ids = Int32Array.from({ length: size }, (_, i) => 10 + i);
  let oldest = 0;
  createdSec.forEach((t, i) => {
    if (t < (createdSec[oldest] ?? 0)) oldest = i;
  });
  return { size, ids, createdSec, oldest };
}

const users = pool();
const createdOf = (id: number) => (users.createdSec[id - 10] ?? 0) * 1000;

describe('timedPicks', () => {
  it('yields events oldest first, each within its user’s lifetime', () => {
    const picks = [...timedPicks(users, 5000, createRandom(1), nowSec)];
    expect(picks).toHaveLength(5000);
    for (let i = 0; i < picks.length; i++) {
      const pick = picks[i];
      if (!pick) throw new Error('missing pick');
      expect(pick.at).toBeGreaterThanOrEqual(users.createdSec[pick.user] ?? 0);
      expect(pick.at).toBeLessThanOrEqual(nowSec);
      if (i > 0) expect(pick.at).toBeGreaterThanOrEqual(picks[i - 1]?.at ?? 0);
    }
  });

  it('refuses to attach rows to nobody', () => {
    const empty = { size: 0, ids: new Int32Array(), createdSec: new Uint32Array(), oldest: 0 };
    expect(() => [...timedPicks(empty, 1, createRandom(1), nowSec)]).toThrow(/No planner users/);
  });
});

describe('generateSubscriptions', () => {
  const rows = [...generateSubscriptions({ count: 6000, firstId: 1, pool: users, plans, seed: 1, now })];

  it('numbers ids from firstId in time order, owned by pool users after they registered', () => {
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 6000 }, (_, i) => i + 1));
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i]?.createdAt.getTime()).toBeGreaterThanOrEqual(rows[i - 1]?.createdAt.getTime() ?? 0);
    }
    for (const row of rows) {
      expect(row.owner).toBeGreaterThanOrEqual(10);
      expect(row.owner).toBeLessThan(2010);
      expect(row.startedAt.getTime()).toBeGreaterThanOrEqual(createdOf(row.owner));
      expect(row.createdAt).toEqual(row.startedAt);
    }
  });

  it('gives several subscriptions to some users and none to others', () => {
    const perOwner = new Map<number, number>();
    for (const row of rows) perOwner.set(row.owner, (perOwner.get(row.owner) ?? 0) + 1);
    expect(perOwner.size).toBeLessThan(users.size);
    expect([...perOwner.values()].some((n) => n >= 3)).toBe(true);
  });

  it('stores only active or canceled, from every source, with a share already expired', () => {
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['active', 'canceled']));
    expect(new Set(rows.map((r) => r.source))).toEqual(new Set(['purchase', 'promo', 'admin']));
    const expired = rows.filter((r) => r.status === 'active' && r.expiresAt && r.expiresAt <= now).length;
    const live = rows.filter((r) => r.status === 'active' && (!r.expiresAt || r.expiresAt > now)).length;
    expect(expired / rows.length).toBeGreaterThan(0.2);
    expect(live / rows.length).toBeGreaterThan(0.2);
  });

  it('ends lifetime plans never and the others after whole periods; renews only purchases', () => {
    for (const row of rows) {
      const plan = byId.get(row.planId);
      expect(plan).toBeDefined();
      if (plan?.period === 'lifetime') expect(row.expiresAt).toBeNull();
      else expect(row.expiresAt?.getTime()).toBeGreaterThan(row.startedAt.getTime());
      if (row.autoRenew) expect(row.source).toBe('purchase');
    }
  });

  it('sells the archived plan only in the first half of the period', () => {
    const archived = rows.filter((r) => r.planId === 4);
    expect(archived.length).toBeGreaterThan(0);
    const first = Math.min(...users.createdSec) * 1000;
    const middle = first + (now.getTime() - first) / 2;
    for (const row of archived) expect(row.startedAt.getTime()).toBeLessThan(middle);
  });

  it('is deterministic for a seed and differs between seeds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), (seed) => {
        const take = (s: number) => [
          ...generateSubscriptions({ count: 50, firstId: 1, pool: users, plans, seed: s, now }),
        ];
        expect(take(seed)).toEqual(take(seed));
        expect(take(seed)).not.toEqual(take(seed + 1));
      }),
      { numRuns: 20 },
    );
  });
});

describe('generateTransactions', () => {
  const rows = [...generateTransactions({ count: 20_000, firstId: 5, pool: users, plans, seed: 2, now })];

  it('prices purchases by plan, refunds negative, grants free', () => {
    for (const row of rows) {
      const price = byId.get(row.planId ?? 0)?.price ?? -1;
      if (row.kind === 'grant') {
        expect(row.amount).toBe(0);
        expect(['promo', 'admin']).toContain(row.provider);
        expect(row.externalId).toBeNull();
      } else {
        expect(row.amount).toBe(row.kind === 'refund' ? -price : price);
        expect(['yookassa', 'cloudpayments', 'appstore', 'googleplay']).toContain(row.provider);
        expect(row.externalId).toMatch(
          /^([0-9a-f]{8}-[0-9a-f]{4}-5000-[0-9a-f]{4}-[0-9a-f]{12}|\d{10}|2000000\d{9}|GPA\.33\d\d-\d{4}-\d{4}-\d{5})$/,
        );
      }
      if (row.kind === 'renewal') expect(byId.get(row.planId ?? 0)?.period).not.toBe('lifetime');
    }
  });

  it('mostly succeeds, with every status present and pending only for the last day', () => {
    const count = (status: string) => rows.filter((r) => r.status === status).length;
    expect(count('succeeded') / rows.length).toBeGreaterThan(0.8);
    for (const status of ['failed', 'canceled', 'refunded']) expect(count(status)).toBeGreaterThan(0);
    for (const row of rows.filter((r) => r.status === 'pending')) {
      expect(now.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(DAY * 1000);
    }
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(['purchase', 'renewal', 'refund', 'grant']));
  });

  it('spreads payments over the two years, each after its payer registered', () => {
    const twoYearsAgo = now.getTime() - 730 * DAY * 1000;
    for (const row of rows) {
      expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(Math.max(twoYearsAgo - 1000, createdOf(row.userId)));
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    const oneYearAgo = now.getTime() - 365 * DAY * 1000;
    expect(rows.filter((r) => r.createdAt.getTime() < oneYearAgo).length).toBeGreaterThan(1000);
    expect(rows[0]?.id).toBe(5);
  });

  it('is deterministic for a seed', () => {
    const take = (seed: number) => [...generateTransactions({ count: 100, firstId: 1, pool: users, plans, seed, now })];
    expect(take(9)).toEqual(take(9));
    expect(take(9)).not.toEqual(take(10));
  });
});
