import { DEFAULT_PROMO_THEME, type PromoTheme, promoTheme } from '@pult/contract';

/** A stored theme merged over the defaults, so older or partial themes always render completely. */
export function themeOf(stored: Record<string, unknown> | null | undefined): PromoTheme {
  const s = (stored ?? {}) as Partial<PromoTheme>;
  const merged = {
    colors: { ...DEFAULT_PROMO_THEME.colors, ...s.colors },
    texts: { ...DEFAULT_PROMO_THEME.texts, ...s.texts },
    images: { ...DEFAULT_PROMO_THEME.images, ...s.images },
  };
  const parsed = promoTheme.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_PROMO_THEME;
}
