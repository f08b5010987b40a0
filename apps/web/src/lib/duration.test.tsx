// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Duration, durationText, isLifetime, LIFETIME_DAYS } from './duration';
import { i18n, initI18n } from './i18n';

beforeAll(async () => {
  await initI18n('ru');
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('ru');
});

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('durations', () => {
  it('says days with the right plural and grouping, and «бессрочно» for a lifetime plan', () => {
    const t = i18n.t;
    expect(durationText(t, 'ru', 1)).toBe('1 день');
    expect(durationText(t, 'ru', 3)).toBe('3 дня');
    expect(durationText(t, 'ru', 30)).toBe('30 дней');
    expect(plain(durationText(t, 'ru', 3650))).toBe('3 650 дней');
    expect(durationText(t, 'ru', LIFETIME_DAYS)).toBe('бессрочно');
    // A series of a lifetime plan keeps its own (unused) days: the plan's period decides.
    expect(durationText(t, 'ru', 365, 'lifetime')).toBe('бессрочно');
    expect(isLifetime(365, 'year')).toBe(false);
  });

  it.each([
    ['en', '30 days', 'no end date'],
    ['fr', '30 jours', 'sans limite de durée'],
    ['ja', '30日', '無期限'],
    ['zh', '30 天', '永久'],
  ] as const)('has the words in %s', async (locale, days, lifetime) => {
    await i18n.changeLanguage(locale);
    expect(durationText(i18n.t, locale, 30)).toBe(days);
    expect(durationText(i18n.t, locale, LIFETIME_DAYS)).toBe(lifetime);
  });

  it('isolates the number and its unit, so an RTL page does not read «дней 30»', () => {
    const { container } = render(<Duration days={30} />);
    const isolate = container.querySelector('bdi');
    expect(isolate?.getAttribute('dir')).toBe('ltr');
    expect(isolate?.textContent).toBe('30 дней');
    expect(render(<Duration days={LIFETIME_DAYS} />).container.textContent).toBe('бессрочно');
  });
});
