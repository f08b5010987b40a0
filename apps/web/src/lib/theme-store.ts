import { useSyncExternalStore } from 'react';
import { THEME_STORAGE_KEY } from '../config/app-config';
import { isLocaleId } from '../config/languages';
import { COLOR_PRESETS, DEFAULT_THEME, LEGACY_PRESETS, type ThemeState } from '../config/theme-config';

/** The settings that are saved per browser and copied by «Скопировать настройки». */
export type ThemeSettings = Omit<ThemeState, 'mobileNav'>;

const oneOf = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** A stored colour, valid or the fallback; an old preset becomes its accessible successor. */
const storedColor = (value: unknown, fallback: string): string =>
  typeof value === 'string' && HEX_COLOR.test(value) ? (LEGACY_PRESETS[value.toLowerCase()] ?? value) : fallback;

/** Whatever is in storage was written by some older or hand-edited version: keep only valid fields. */
export const sanitizeTheme = (value: unknown): ThemeSettings => {
  const input = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const d = DEFAULT_THEME;
  return {
    navCollapsed: typeof input.navCollapsed === 'boolean' ? input.navCollapsed : d.navCollapsed,
    sideNavTheme: oneOf(input.sideNavTheme, ['light', 'dark'], d.sideNavTheme),
    locale: isLocaleId(input.locale) ? input.locale : d.locale,
    navType: oneOf(input.navType, ['side', 'top'], d.navType),
    topNavColor: storedColor(input.topNavColor, d.topNavColor),
    headerNavColor: storedColor(input.headerNavColor, d.headerNavColor),
    currentTheme: oneOf(input.currentTheme, ['light', 'dark'], d.currentTheme),
    direction: oneOf(input.direction, ['ltr', 'rtl'], d.direction),
  };
};

/** Choosing top navigation takes the first preset colour and expands the nav. */
export const applyThemeChange = (state: ThemeState, change: Partial<ThemeState>): ThemeState => {
  const next = { ...state, ...change };
  if (change.navType === 'top' && state.navType !== 'top') {
    next.topNavColor = COLOR_PRESETS[0];
    next.navCollapsed = false;
  }
  return next;
};

export const toSettings = ({ mobileNav: _open, ...settings }: ThemeState): ThemeSettings => settings;

const load = (): ThemeState => {
  try {
    const raw = window.localStorage.getItem(THEME_STORAGE_KEY);
    return { ...sanitizeTheme(raw ? JSON.parse(raw) : null), mobileNav: false };
  } catch {
    return { ...DEFAULT_THEME };
  }
};

let state = load();
const listeners = new Set<() => void>();

export const themeStore = {
  get: (): ThemeState => state,
  set: (change: Partial<ThemeState>) => {
    state = applyThemeChange(state, change);
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify(toSettings(state)));
    } catch {
      // Private mode or a full storage: the settings still apply for this visit.
    }
    for (const listener of listeners) listener();
  },
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useTheme = (): ThemeState => useSyncExternalStore(themeStore.subscribe, themeStore.get);
