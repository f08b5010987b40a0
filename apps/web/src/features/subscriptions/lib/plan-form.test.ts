import type { Plan } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import {
  durationForPeriod,
  emptyPlanForm,
  isDurationValid,
  type PlanFormValues,
  planChanges,
  planToFormValues,
  toCreateBody,
  validatePlanForm,
} from './plan-form';

const plan: Plan = {
  id: 1,
  title: 'Годовая подписка',
  description: 'Всё включено',
  price: 199000,
  currency: 'RUB',
  period: 'year',
  durationDays: 365,
  features: ['Синхронизация', 'Темы'],
  icon: null,
  enabled: true,
  sortOrder: 2,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  version: 1,
};

const filled = (change: Partial<PlanFormValues> = {}): PlanFormValues => ({
  ...emptyPlanForm(),
  title: 'Месяц',
  priceRoubles: 299,
  ...change,
});

describe('period ↔ duration rule', () => {
  it.each([
    ['month', 28, true],
    ['month', 31, true],
    ['month', 32, false],
    ['month', 27, false],
    ['year', 365, true],
    ['year', 366, true],
    ['year', 364, false],
    ['lifetime', 36500, true],
    ['lifetime', 365, false],
  ] as const)('%s of %i days is valid: %s', (period, days, valid) => {
    expect(isDurationValid(period, days)).toBe(valid);
  });

  it('switching the period keeps a fitting duration and replaces one that does not fit', () => {
    expect(durationForPeriod('year', 30)).toBe(365);
    expect(durationForPeriod('lifetime', 366)).toBe(36500);
    expect(durationForPeriod('month', 365)).toBe(30);
    expect(durationForPeriod('month', 31)).toBe(31);
    expect(durationForPeriod('year', null)).toBe(365);
  });
});

describe('plan form → contract body', () => {
  it('turns roubles into kopecks and trims texts and features', () => {
    expect(toCreateBody(filled({ title: '  Месяц ', priceRoubles: 19.99, features: [' Темы ', ''] }))).toEqual({
      title: 'Месяц',
      description: '',
      price: 1999,
      currency: 'RUB',
      period: 'month',
      durationDays: 30,
      features: ['Темы'],
      sortOrder: 0,
    });
  });

  it('passes the contract schema when filled in', () => {
    expect(validatePlanForm(filled())).toEqual({});
  });

  it('reports a duration that does not fit the period on the duration field', () => {
    expect(validatePlanForm(filled({ period: 'year', durationDays: 30 }))).toEqual({
      durationDays: 'durationMismatch',
    });
  });

  it('reports a missing title and price on their own fields', () => {
    expect(validatePlanForm(filled({ title: ' ', priceRoubles: null }))).toEqual({
      title: 'invalid',
      priceRoubles: 'invalid',
    });
  });
});

describe('plan changes for PATCH', () => {
  it('sends nothing when nothing changed', () => {
    expect(planChanges(plan, planToFormValues(plan), true)).toEqual({});
  });

  it('sends only the changed fields', () => {
    const values = { ...planToFormValues(plan), description: 'Новое описание', priceRoubles: 2490 };
    expect(planChanges(plan, values, true)).toEqual({ description: 'Новое описание', price: 249000 });
  });

  it('never sends commercial terms for an editor', () => {
    const values = { ...planToFormValues(plan), description: 'Иначе', priceRoubles: 1, period: 'month' as const };
    expect(planChanges(plan, values, false)).toEqual({ description: 'Иначе' });
  });
});
