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

/** Colour presets; the first is also the default top navigation colour. */
export const COLOR_PRESETS = ['#3e82f7', '#24a772', '#de4436', '#924aca', '#193550'] as const;

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
