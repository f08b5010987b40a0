import type { Subscription } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { grantExpiry, preselectedPlan } from './grant-expiry';

const now = new Date('2025-06-01T12:00:00Z');
const yearly = { id: 7, durationDays: 365, period: 'year' as const };

const subscription = (patch: Partial<Subscription>): Subscription => ({
  id: 1,
  owner: 5,
  planId: 7,
  planTitle: 'Годовая подписка',
  status: 'active',
  source: 'purchase',
  startedAt: '2025-01-01T00:00:00Z',
  expiresAt: '2025-12-31T00:00:00Z',
  autoRenew: false,
  createdAt: '2025-01-01T00:00:00Z',
  ...patch,
});

describe('grant expiry preview', () => {
  it('starts from now when the user has no live subscription to the plan', () => {
    expect(grantExpiry(yearly, [], now)).toEqual({ expiresAt: new Date('2026-06-01T12:00:00Z'), extends: false });
  });

  it('extends a live subscription to the same plan from its own expiry', () => {
    const result = grantExpiry(yearly, [subscription({})], now);
    expect(result).toEqual({ expiresAt: new Date('2026-12-31T00:00:00Z'), extends: true });
  });

  it('picks the latest live one when there are several', () => {
    const items = [subscription({ id: 1 }), subscription({ id: 2, expiresAt: '2026-02-01T00:00:00Z' })];
    expect(grantExpiry(yearly, items, now).expiresAt).toEqual(new Date('2027-02-01T00:00:00Z'));
  });

  it('ignores expired, canceled and other plans’ subscriptions', () => {
    const items = [
      subscription({ expiresAt: '2025-05-01T00:00:00Z' }),
      subscription({ status: 'canceled' }),
      subscription({ planId: 8 }),
    ];
    expect(grantExpiry(yearly, items, now)).toEqual({ expiresAt: new Date('2026-06-01T12:00:00Z'), extends: false });
  });

  it('is open-ended for a lifetime plan or an open-ended live subscription', () => {
    expect(grantExpiry({ id: 9, durationDays: 36500, period: 'lifetime' }, [], now).expiresAt).toBeNull();
    expect(grantExpiry(yearly, [subscription({ expiresAt: null })], now)).toEqual({ expiresAt: null, extends: true });
  });
});

describe('preselected plan', () => {
  it('is the yearly plan, whatever the case of its title', () => {
    const plans = [{ title: 'Месячная подписка' }, { title: 'ГОДОВАЯ ПОДПИСКА' }];
    expect(preselectedPlan(plans)).toBe(plans[1]);
    expect(preselectedPlan([{ title: 'Месячная подписка' }])).toBeUndefined();
  });
});
