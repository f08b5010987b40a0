import { describe, expect, it } from 'vitest';
import {
  dateTimeFormat,
  formatCount,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  numberFormat,
} from './format';

// Intl separates groups with (narrow) no-break spaces; compare with plain ones.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('format', () => {
  const date = '2024-03-05T10:07:00';

  it('writes dates the way each language expects', () => {
    expect(formatDate(date, 'ru')).toBe('05.03.2024');
    expect(formatDate(date, 'en')).toBe('03/05/2024');
    expect(formatDate(date, 'fr')).toBe('05/03/2024');
    expect(formatDate(date, 'ja')).toBe('2024年3月5日');
    expect(formatDate(date, 'zh')).toBe('2024-03-05');
  });

  it('adds the time and shows a dash for nothing', () => {
    expect(formatDateTime(date, 'ru')).toBe('05.03.2024 10:07');
    expect(formatDate(null, 'ru')).toBe('—');
    expect(formatDate('not a date', 'ru')).toBe('—');
  });

  it('formats money from kopecks', () => {
    expect(plain(formatMoney(199000, 'ru'))).toBe('1 990,00 ₽');
    expect(plain(formatMoney(5, 'ru'))).toBe('0,05 ₽');
    expect(plain(formatMoney(199000, 'en'))).toBe('RUB 1,990.00');
    expect(formatMoney(1990, 'ja', 'JPY')).toBe('￥1,990');
  });

  it('groups numbers by language', () => {
    expect(plain(formatNumber(1234567, 'ru'))).toBe('1 234 567');
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(plain(formatNumber(1234567.5, 'fr'))).toBe('1 234 567,5');
  });
});

describe('formatCount', () => {
  it('marks an estimated count as approximate', () => {
    expect(formatCount(1_500_000, true, 'ru').replace(/\s/g, ' ')).toBe('≈ 1 500 000');
  });

  it('shows an exact count as it is, in the viewer’s digits', () => {
    expect(formatCount(1_500_000, false, 'ru').replace(/\s/g, ' ')).toBe('1 500 000');
    expect(formatCount(1_500_000, false, 'en')).toBe('1,500,000');
  });
});

describe('Intl formatters', () => {
  it('are built once per language and options, and still format in each', () => {
    expect(numberFormat('ru-RU')).toBe(numberFormat('ru-RU'));
    expect(numberFormat('ru-RU', { style: 'percent' })).not.toBe(numberFormat('ru-RU'));
    expect(numberFormat('fr-FR')).not.toBe(numberFormat('ru-RU'));
    expect(dateTimeFormat('ru', { timeZone: 'Asia/Novosibirsk' })).toBe(
      dateTimeFormat('ru', { timeZone: 'Asia/Novosibirsk' }),
    );
    expect(formatMoney(199000, 'ru')).toBe(formatMoney(199000, 'ru'));
    expect(plain(formatMoney(199000, 'ru'))).toBe('1 990,00 ₽');
    expect(plain(formatMoney(199000, 'en'))).toBe('RUB 1,990.00');
  });
});
