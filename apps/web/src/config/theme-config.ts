export type NavType = 'side' | 'top';
export type ThemeMode = 'light' | 'dark';
export type Direction = 'ltr' | 'rtl';
export type LocaleId = 'ru' | 'en' | 'zh' | 'fr' | 'ja';

/** Theme state, field for field as it is stored. */
export interface ThemeState {
  navCollapsed: boolean;
  sideNavTheme: ThemeMode;
  locale: LocaleId;
  navType: NavType;
  topNavColor: string;
  headerNavColor: string;
  /** Whether the mobile navigation drawer is open; never persisted. */
  mobileNav: boolean;
  currentTheme: ThemeMode;
  direction: Direction;
}

/**
 * Colour presets; the first is also the default top navigation colour and the brand blue. Each
 * carries white text at 4.5:1 or better (WCAG AA): the top navigation writes white on them.
 */
export const COLOR_PRESETS = ['#2563d9', '#1a7a53', '#c2372b', '#924aca', '#193550'] as const;

export const BRAND_BLUE = COLOR_PRESETS[0];

/** Presets of earlier versions (too light under white text) and what a stored one becomes. */
export const LEGACY_PRESETS: Readonly<Record<string, string>> = {
  '#3e82f7': COLOR_PRESETS[0],
  '#24a772': COLOR_PRESETS[1],
  '#de4436': COLOR_PRESETS[2],
};

export const SIDE_NAV_WIDTH = 250;
export const SIDE_NAV_COLLAPSED_WIDTH = 80;
export const THEME_DRAWER_WIDTH = 350;
/** The mobile drawer body has a padding of 5. */
export const MOBILE_DRAWER_PADDING = 5;

/** The defaults, with Russian as the default locale (Russian is the source language). */
export const DEFAULT_THEME: ThemeState = {
  navCollapsed: false,
  sideNavTheme: 'light',
  locale: 'ru',
  navType: 'side',
  topNavColor: COLOR_PRESETS[0],
  headerNavColor: '',
  mobileNav: false,
  currentTheme: 'light',
  direction: 'ltr',
};
