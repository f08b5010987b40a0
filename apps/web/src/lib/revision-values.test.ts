import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n } from './i18n';
import {
  type FieldFormats,
  fieldValue,
  revisionValue,
  shownChanges,
  type ValueReader,
  valueAs,
} from './revision-values';

beforeAll(async () => {
  await initI18n('ru');
});

// Intl separates groups with (narrow) no-break spaces; compare with plain ones.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const ru = (): ValueReader => ({ t: i18n.t.bind(i18n), locale: 'ru' });

describe('a kept value as a person reads it', () => {
  it('reads a field no map names by its kind: yes or no, lists, nothing as a dash', () => {
    expect(revisionValue(true, ru())).toBe('Да');
    expect(revisionValue(false, ru())).toBe('Нет');
    expect(revisionValue(['утро', 'вечер'], ru())).toBe('утро, вечер');
    expect(revisionValue('Годовой', ru())).toBe('Годовой');
    for (const nothing of [null, undefined, '', []]) expect(fieldValue('title', nothing, {}, ru())).toBe('—');
  });

  it('reads money kept in kopecks, and the form’s roubles, with the app’s money format', () => {
    expect(plain(valueAs.money()(199000, ru()))).toBe('1 990,00 ₽');
    expect(plain(valueAs.majorMoney()(1990, ru()))).toBe('1 990,00 ₽');
    expect(plain(valueAs.majorMoney()(19.9, ru()))).toBe('19,90 ₽');
    expect(plain(valueAs.money()(0, ru()))).toBe('0,00 ₽');
  });

  it('reads terms, dates, numbers and files', () => {
    expect(valueAs.days(30, ru())).toBe('30 дней');
    expect(valueAs.days(36500, ru())).toBe('бессрочно');
    expect(valueAs.dateTime('2026-03-05T10:07:00', ru())).toBe('05.03.2026 10:07');
    expect(valueAs.date('2026-03-05T10:07:00', ru())).toBe('05.03.2026');
    expect(plain(valueAs.number(10000, ru()))).toBe('10 000');
    expect(valueAs.file('avatars/3f2a9c.webp', ru())).toBe('3f2a9c.webp');
  });

  it('reads a choice in the words given for it, and one without words as it is kept', () => {
    const role = valueAs.choice((value, t) => t(`roles.${value}`));
    expect(role('admin', ru())).toBe('Администратор');
    expect(role('auditor', ru())).toBe('auditor');
  });

  it('falls back to the kind of value when a field holds something unexpected (an old revision)', () => {
    expect(valueAs.money()('199000', ru())).toBe('199000');
    expect(valueAs.days(null, ru())).toBe('—');
    expect(valueAs.choice(() => 'x')(true, ru())).toBe('Да');
  });

  it('shows a history’s changes through the resource’s map, other fields by kind', () => {
    const formats: FieldFormats = { price: valueAs.money() };
    const shown = shownChanges(
      [
        { field: 'price', before: 99000, after: 199000 },
        { field: 'enabled', before: true, after: false },
        { field: 'title', before: null, after: 'Год' },
      ],
      formats,
      ru(),
    );
    expect(shown.map(({ field, before, after }) => [field, plain(before), plain(after)])).toEqual([
      ['price', '990,00 ₽', '1 990,00 ₽'],
      ['enabled', 'Да', 'Нет'],
      ['title', '—', 'Год'],
    ]);
  });

  it('says it in the language shown', async () => {
    await changeLanguage('en');
    const en: ValueReader = { t: i18n.t.bind(i18n), locale: 'en' };
    expect(revisionValue(true, en)).toBe('Yes');
    expect(plain(valueAs.money()(199000, en))).toBe('RUB 1,990.00');
    expect(valueAs.days(30, en)).toBe('30 days');
    expect(valueAs.dateTime('2026-03-05T10:07:00', en)).toBe('03/05/2026 10:07');
    expect(valueAs.choice((value, t) => t(`roles.${value}`))('editor', en)).toBe('Editor');
    await changeLanguage('ru');
  });
});
