import { describe, expect, it } from 'vitest';
import { COLOR_PRESETS, DEFAULT_THEME } from '../config/theme-config';
import { applyThemeChange, sanitizeTheme, toSettings } from './theme-store';

describe('theme state', () => {
  it('has the seed defaults with Russian as the language', () => {
    expect(DEFAULT_THEME).toMatchObject({
      currentTheme: 'light',
      locale: 'ru',
      topNavColor: '#2563d9',
      direction: 'ltr',
      navType: 'side',
    });
    expect(COLOR_PRESETS).toEqual(['#2563d9', '#1a7a53', '#c2372b', '#924aca', '#193550']);
  });

  it('choosing top navigation takes the first preset and expands the navigation', () => {
    const state = { ...DEFAULT_THEME, navCollapsed: true, topNavColor: '#de4436' };
    expect(applyThemeChange(state, { navType: 'top' })).toMatchObject({
      navType: 'top',
      topNavColor: COLOR_PRESETS[0],
      navCollapsed: false,
    });
  });

  it('other changes leave the rest alone', () => {
    const state = { ...DEFAULT_THEME, navType: 'top' as const, topNavColor: '#924aca' };
    expect(applyThemeChange(state, { currentTheme: 'dark' })).toEqual({ ...state, currentTheme: 'dark' });
  });

  it('keeps only valid stored settings', () => {
    expect(
      sanitizeTheme({ locale: 'de', direction: 'up', topNavColor: 'red', navCollapsed: 'yes', currentTheme: 'dark' }),
    ).toEqual({ ...toSettings(DEFAULT_THEME), currentTheme: 'dark' });
    expect(sanitizeTheme(null)).toEqual(toSettings(DEFAULT_THEME));
  });

  it('turns a stored preset of earlier versions into its accessible successor', () => {
    expect(sanitizeTheme({ topNavColor: '#3E82F7', headerNavColor: '#de4436' })).toMatchObject({
      topNavColor: '#2563d9',
      headerNavColor: '#c2372b',
    });
    expect(sanitizeTheme({ topNavColor: '#123456' })).toMatchObject({ topNavColor: '#123456' });
  });

  it('copies everything but the transient mobile drawer flag', () => {
    expect(Object.keys(toSettings({ ...DEFAULT_THEME, mobileNav: true })).sort()).toEqual([
      'currentTheme',
      'direction',
      'headerNavColor',
      'locale',
      'navCollapsed',
      'navType',
      'sideNavTheme',
      'topNavColor',
    ]);
  });
});
