import { PROMO_ALPHABET } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import type { PlanInfo } from '../../src/seed/generate-plans';
import { generatePromoCodes, type PromoTally, promoSeriesRows, splitCount } from '../../src/seed/generate-promo';
import { seededCode } from '../../src/seed/promo-code-space';
import type { UserPool } from '../../src/seed/user-pool';

const now = new Date('2025-06-01T12:00:00Z');
const nowSec = now.getTime() / 1000;
const plans: PlanInfo[] = [
  { id: 1, price: 29_900, period: 'month', durationDays: 30, enabled: true },
  { id: 2, price: 199_000, period: 'year', durationDays: 365, enabled: true },
  { id: 3, price: 39_900, period: 'month', durationDays: 30, enabled: false },
];
const users: UserPool = {
  size: 1000,
  ids: Int32Array.from({ length: 1000 }, (_, i) => i + 100),
  createdSec: Uint32Array.from({ length: 1000 }, (_, i) => nowSec - (i + 1) * 600 * 60),
  oldest: 999,
};
const alphabet = new RegExp(`^[${PROMO_ALPHABET}]{10}$`);

describe('seededCode', () => {
  it('writes the prefix and ten characters of the promo alphabet', () => {
    const code = seededCode('BLOG', 3, 0);
    expect(code.startsWith('BLOG')).toBe(true);
    expect(code.slice(4)).toMatch(alphabet);
  });

  it('never repeats, across codes of a series and across series', () => {
    const seen = new Set<string>();
    for (let series = 1; series <= 20; series++) for (let i = 0; i < 10_000; i++) seen.add(seededCode('', series, i));
    expect(seen.size).toBe(200_000);
  });

  it('does not look sequential', () => {
    const a = seededCode('', 1, 1000);
    const b = seededCode('', 1, 1001);
    const shared = [...a].filter((c, i) => b[i] === c).length;
    expect(shared).toBeLessThan(5);
  });
});

describe('splitCount', () => {
  it('sums to the total, every part at least one', () => {
    expect(splitCount(102, [3, 1])).toEqual([76, 26]);
    expect(splitCount(10, [30, 20, 12, 10, 8, 6, 5, 4, 3, 2])).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    const parts = splitCount(10_000_001, [30, 20, 12, 10, 8, 6, 5, 4, 3, 2]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(10_000_001);
  });
});

describe('promo series and codes', () => {
  const series = promoSeriesRows({ totalCodes: 50_000, firstId: 7, plans, createdBy: 1, seed: 1, now });
  const tally: PromoTally = new Map();
  const codes = [...generatePromoCodes({ series, firstId: 1, pool: users, seed: 1, now, tally })];

  it('makes ten series on enabled plans whose sizes sum to the total', () => {
    expect(series).toHaveLength(10);
    expect(series.map((s) => s.id)).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(series.reduce((sum, s) => sum + s.codesCount, 0)).toBe(50_000);
    for (const s of series) {
      expect([1, 2]).toContain(s.planId);
      expect(s.startsAt.getTime()).toBeLessThan(now.getTime());
      if (s.endsAt) expect(s.endsAt.getTime()).toBeGreaterThan(s.startsAt.getTime());
    }
    expect(promoSeriesRows({ totalCodes: 3, firstId: 1, plans, createdBy: null, seed: 1, now })).toHaveLength(3);
  });

  it('gives unique codes with each series’ prefix', () => {
    expect(new Set(codes.map((c) => c.value)).size).toBe(50_000);
    const prefixOf = new Map(series.map((s) => [s.id, s.prefix]));
    for (const code of codes.slice(0, 5000)) {
      const prefix = prefixOf.get(code.seriesId) ?? '?';
      expect(code.value.startsWith(prefix)).toBe(true);
      expect(code.value.slice(prefix.length)).toMatch(alphabet);
    }
  });

  it('activates ~10% by users registered by then, within the campaign, and blocks ~1%', () => {
    const activated = codes.filter((c) => c.status === 'activated');
    const blocked = codes.filter((c) => c.status === 'blocked');
    expect(activated.length / codes.length).toBeGreaterThan(0.08);
    expect(activated.length / codes.length).toBeLessThan(0.12);
    expect(blocked.length / codes.length).toBeGreaterThan(0.005);
    expect(blocked.length / codes.length).toBeLessThan(0.02);
    const seriesOf = new Map(series.map((s) => [s.id, s]));
    for (const code of activated) {
      const s = seriesOf.get(code.seriesId);
      const at = code.activatedAt?.getTime() ?? 0;
      const user = code.activatedBy ?? 0;
      expect(user).toBeGreaterThanOrEqual(100);
      expect(at).toBeGreaterThanOrEqual(s?.startsAt.getTime() ?? 0);
      expect(at).toBeGreaterThanOrEqual((users.createdSec[user - 100] ?? 0) * 1000);
      expect(at).toBeLessThanOrEqual(now.getTime());
    }
    for (const code of blocked) expect(code.blockedAt).not.toBeNull();
  });

  it('tallies exactly what it generated, for the counters', () => {
    for (const s of series) {
      const mine = codes.filter((c) => c.seriesId === s.id);
      expect(tally.get(s.id)).toEqual({
        activated: mine.filter((c) => c.status === 'activated').length,
        blocked: mine.filter((c) => c.status === 'blocked').length,
      });
    }
  });

  it('is deterministic for a seed', () => {
    const again = [...generatePromoCodes({ series, firstId: 1, pool: users, seed: 1, now, tally: new Map() })];
    expect(again).toEqual(codes);
    const other = [...generatePromoCodes({ series, firstId: 1, pool: users, seed: 2, now, tally: new Map() })];
    expect(other.map((c) => c.status)).not.toEqual(codes.map((c) => c.status));
    expect(other.map((c) => c.value)).toEqual(codes.map((c) => c.value));
  });

  it('activates nothing when there are no planner users', () => {
    const nobody: UserPool = { size: 0, ids: new Int32Array(), createdSec: new Uint32Array(), oldest: 0 };
    const rows = [...generatePromoCodes({ series, firstId: 1, pool: nobody, seed: 1, now, tally: new Map() })];
    expect(rows.some((c) => c.status === 'activated')).toBe(false);
  });
});
