import { beforeAll, describe, expect, it } from 'vitest';
import { addFeatureTexts, changeLanguage, i18n, initI18n } from '../../../lib/i18n';
import { fieldValue, shownChanges } from '../../../lib/revision-values';
import { emptyPlanForm, PLAN_FIELD_VALUES, planConflictFields } from './plan-form';

beforeAll(async () => {
  await initI18n('ru');
  await addFeatureTexts(['subscriptions'], 'ru');
});

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const reader = () => ({ t: i18n.t.bind(i18n), locale: i18n.language as 'ru' | 'en' });

/** A plan's change as the server keeps it: the price in kopecks, the period and the flags as stored. */
const kept = [
  { field: 'price', before: 99000, after: 199000 },
  { field: 'period', before: 'month', after: 'year' },
  { field: 'durationDays', before: 30, after: 36500 },
  { field: 'enabled', before: true, after: false },
  { field: 'features', before: [], after: ['Синхронизация', 'Темы'] },
  { field: 'sortOrder', before: 1000, after: 2 },
];

describe('a plan’s history and conflict dialog read as the plans screen', () => {
  it('shows money, period, term and flags in words, not as kept', () => {
    const shown = shownChanges(kept, PLAN_FIELD_VALUES, reader());
    expect(shown.map(({ before, after }) => `${plain(before)} → ${plain(after)}`)).toEqual([
      '990,00 ₽ → 1 990,00 ₽',
      'Месяц → Год',
      '30 дней → бессрочно',
      'Да → Нет',
      '— → Синхронизация, Темы',
      '1 000 → 2',
    ]);
  });

  it('shows the conflict dialog’s form values the same way (the form holds roubles)', () => {
    const mine = { ...emptyPlanForm(), title: 'Год', priceRoubles: 1990, period: 'year' as const };
    const theirs = { ...emptyPlanForm(), title: 'Год', priceRoubles: 990, period: 'month' as const };
    const rows = planConflictFields(mine, theirs, (field) => field).map((row) => [
      row.name,
      plain(fieldValue(row.name, row.mine, PLAN_FIELD_VALUES, reader())),
      plain(fieldValue(row.name, row.theirs, PLAN_FIELD_VALUES, reader())),
    ]);
    expect(rows).toEqual([
      ['priceRoubles', '1 990,00 ₽', '990,00 ₽'],
      ['period', 'Год', 'Месяц'],
    ]);
  });

  it('says it in the language shown', async () => {
    await changeLanguage('en');
    const [price, period, duration, enabled] = shownChanges(kept, PLAN_FIELD_VALUES, reader());
    expect(plain(price?.after ?? '')).toBe('RUB 1,990.00');
    expect(period?.after).toBe('Year');
    expect(duration?.before).toBe('30 days');
    expect(enabled?.before).toBe('Yes');
    await changeLanguage('ru');
  });
});
