import { describe, expect, it } from 'vitest';
import { COLOR_PRESETS, DEFAULT_THEME } from '../config/theme-config';
import { applyThemeChange, sanitizeTheme, toSettings } from './theme-store';

describe('theme state', () => {
  it('has the seed defaults with Russian as the language', () => {
    expect(DEFAULT_THEME).toMatchObject({
      currentTheme: 'light',
      locale: 'ru',
      topNavColor: '#3e82f7',
      direction: 'ltr',
      navType: 'side',
    });
    expect(COLOR_PRESETS).toEqual(['#3e82f7', '#24a772', '#de4436', '#924aca', '#193550']);
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
