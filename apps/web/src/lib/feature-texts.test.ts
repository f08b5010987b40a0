import { beforeAll, describe, expect, it } from 'vitest';
import { addFeatureTexts, changeLanguage, i18n, initI18n } from './i18n';

beforeAll(async () => {
  await initI18n('ru');
});

// One module state for the whole file: the order below is the order of a visit.
describe('features’ texts in i18next', () => {
  it('a screen’s features join the language shown, and no other feature does', async () => {
    expect(i18n.exists('users.title')).toBe(false);
    await addFeatureTexts(['users'], 'ru');
    expect(i18n.t('users.title')).toBe('Пользователи');
    expect(i18n.exists('promoCodes.status.enabled')).toBe(false);
  });

  it('a switch brings every feature loaded so far in the new language', async () => {
    await changeLanguage('en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('users.title')).toBe('Users');
  });

  it('a feature opened in one language is there when an earlier language comes back', async () => {
    await addFeatureTexts(['promo-codes'], 'en');
    expect(i18n.exists('promoCodes.status.enabled')).toBe(true);
    // ru was read before promo codes were in use; i18next does not read it again.
    await changeLanguage('ru');
    expect(i18n.exists('promoCodes.status.enabled')).toBe(true);
    expect(i18n.t('users.title')).toBe('Пользователи');
  });

  it('a feature asked for during a switch arrives in both languages', async () => {
    const switching = changeLanguage('fr');
    await addFeatureTexts(['jobs'], 'fr');
    await switching;
    expect(i18n.language).toBe('fr');
    expect(i18n.getResource('fr', 'translation', 'jobs'), 'fr').toBeTruthy();
    expect(i18n.getResource('ru', 'translation', 'jobs'), 'ru').toBeTruthy();
  });
});
