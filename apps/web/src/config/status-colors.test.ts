import {
  jobStatuses,
  noteStatuses,
  promoCodeStatus,
  promoSeriesStatus,
  reminderStatuses,
  subscriptionStatuses,
  transactionStatuses,
  userStatuses,
} from '@pult/contract';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { STATUS_TONES, type StatusTone, timelineTone, toneDotColor, toneTagColor } from './status-colors';
import { accessibleTheme } from './theme-tokens';

/** Every status of the contract's enums, by the entity the colour map names. */
const CONTRACT: Record<keyof typeof STATUS_TONES, readonly string[]> = {
  subscription: subscriptionStatuses,
  transaction: transactionStatuses,
  user: userStatuses,
  promoCode: promoCodeStatus.options,
  promoSeries: promoSeriesStatus.options,
  reminder: reminderStatuses,
  note: noteStatuses,
  job: jobStatuses,
  // Flags in the contract (plan.enabled, channel.published), shown as two statuses.
  plan: ['enabled', 'disabled'],
  tgChannel: ['published', 'hidden'],
};

// WCAG 2.2 relative luminance and contrast of #rrggbb / rgba() colours, a translucent one laid on `under`.
const rgb = (colour: string, under = [255, 255, 255]): number[] => {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour);
  if (hex?.[1]) return [0, 2, 4].map((at) => Number.parseInt(hex[1]?.slice(at, at + 2) ?? '0', 16));
  const parts = /^rgba?\(([^)]+)\)$/
    .exec(colour)?.[1]
    ?.split(',')
    .map((part) => Number(part.trim()));
  if (!parts || parts.length < 3) throw new Error(`unreadable colour ${colour}`);
  const alpha = parts[3] ?? 1;
  return [0, 1, 2].map((i) => (parts[i] ?? 0) * alpha + (under[i] ?? 0) * (1 - alpha));
};
const luminance = ([r, g, b]: number[]) => {
  const channel = (value = 0) => {
    const s = value / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
};
const contrast = (a: number[], b: number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
};

/** A tone's tag text and background and its timeline mark, as antd draws them in one theme. */
function drawn(tone: StatusTone, dark: boolean) {
  const config = accessibleTheme(dark);
  const token = theme.getDesignToken({
    token: config.token,
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
  }) as unknown as Record<string, string>;
  const tag = { ...token, ...(config.components?.Tag as Record<string, string> | undefined) };
  const card = rgb(token.colorBgContainer ?? '#ffffff');
  const on = (colour: string | undefined) => rgb(colour ?? '', card);
  const status = { good: 'Success', bad: 'Error', attention: 'Warning', progress: 'Info' } as const;
  const dotVar = toneDotColor(tone).replace(/^var\(--ant-(.+)\)$/, '$1');
  const dotToken = dotVar.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
  const dot = on(token[dotToken]);
  if (tone === 'planned') return { text: on(tag.blue7), background: on(tag.blue1), card, dot };
  if (tone === 'neutral') return { text: on(tag.colorText), background: on(tag.colorFillTertiary), card, dot };
  const key = status[tone];
  return { text: on(tag[`color${key}`]), background: on(tag[`color${key}Bg`]), card, dot };
}

describe('the status colour map', () => {
  it('gives every status of the contract a tone, and knows no other', () => {
    for (const [entity, statuses] of Object.entries(CONTRACT))
      expect(Object.keys(STATUS_TONES[entity as keyof typeof STATUS_TONES]).sort(), entity).toEqual(
        [...statuses].sort(),
      );
  });

  it('colours one word one way on every entity, and by its meaning', () => {
    const toneOf = new Map<string, StatusTone>();
    for (const [entity, tones] of Object.entries(STATUS_TONES))
      for (const [status, tone] of Object.entries(tones)) {
        expect(toneOf.get(status) ?? tone, `${entity}.${status}`).toBe(tone);
        toneOf.set(status, tone);
      }
    for (const done of ['active', 'succeeded', 'activated', 'sent', 'done', 'published', 'enabled'])
      expect(toneOf.get(done), done).toBe('good');
    for (const wrong of ['failed', 'blocked']) expect(toneOf.get(wrong), wrong).toBe('bad');
    // Only what went wrong is red.
    expect(
      [...toneOf]
        .filter(([, tone]) => tone === 'bad')
        .map(([status]) => status)
        .sort(),
    ).toEqual(['blocked', 'failed']);
  });

  it('keeps tag text at 4.5:1 on its tint and timeline marks at 3:1 on a card, in both themes', () => {
    const tones = new Set(Object.values(STATUS_TONES).flatMap((tones) => Object.values(tones) as StatusTone[]));
    for (const dark of [false, true])
      for (const tone of tones) {
        const colours = drawn(tone, dark);
        const where = `${tone} ${dark ? 'dark' : 'light'}`;
        expect(contrast(colours.text, colours.background), where).toBeGreaterThanOrEqual(4.5);
        expect(contrast(colours.dot, colours.card), where).toBeGreaterThanOrEqual(3);
        expect(toneTagColor(tone)).toBeTruthy();
      }
  });

  it('marks a timeline entry by what happened, not by its kind', () => {
    const payment = (status: string) => ({ kind: 'transaction' as const, event: 'transaction', details: { status } });
    expect(timelineTone(payment('succeeded'))).toBe('good');
    expect(timelineTone(payment('failed'))).toBe('bad');
    expect(timelineTone(payment('failed'))).not.toBe(timelineTone(payment('succeeded')));
    const staff = (event: string) => ({ kind: 'staff' as const, event, details: {} });
    expect(timelineTone(staff('update'))).toBe('neutral');
    expect(timelineTone(staff('block'))).toBe('attention');
    expect(timelineTone(staff('grant-subscription'))).toBe('good');
    expect(timelineTone({ kind: 'promo', event: 'promo-refused', details: {} })).toBe('bad');
  });
});
