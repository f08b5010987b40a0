import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLocaleId } from '../config/languages';
import type { LocaleId } from '../config/theme-config';
import { loadFeatureTexts, loadLanguage, loadScreenTexts, type TextFeature, usedFeatures } from './language-loader';
import type { Tree } from './translation-tree';

/** Reads a language's bundle on demand; i18next waits for it before it switches the language. */
const bundleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    if (!isLocaleId(language)) return callback(null, {});
    loadLanguage(language).then(
      (translation) => callback(null, translation),
      (error: Error) => callback(error, null),
    );
  },
};

export const i18n = i18next.createInstance();

/**
 * Russian is the source of truth (Pult is Russian first) and every language has every key (a test checks
 * it), so there is no fallback language: only the chosen language is ever downloaded.
 */
export const initI18n = (locale: LocaleId) =>
  i18n
    .use(bundleBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: false,
      supportedLngs: ['ru', 'en', 'zh', 'fr', 'ja'],
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnNull: false,
      // A missing key is drawn as the key itself («home.change.none»): in development and unit tests
      // say so loudly. The build has no handler; the browser sweep reads its screens (e2e/translation-keys.ts).
      saveMissing: import.meta.env.DEV,
      missingKeyHandler: (languages, _namespace, key) =>
        console.error(`Missing translation key "${key}" (${languages.join(', ')})`),
    });

/**
 * Before the first antd screen draws, antd's texts and the date library's locale in the language shown
 * (lib/screen-texts/); a language loaded from now on brings them too.
 */
export const addScreenTexts = async (fallback: LocaleId): Promise<void> => {
  await loadScreenTexts(isLocaleId(i18n.language) ? i18n.language : fallback);
};

/** Adds features' texts to a language i18next holds, or will hold once its read under way ends. */
const addToLanguage = async (locale: LocaleId, trees: Tree[]): Promise<void> => {
  if (!i18n.hasResourceBundle(locale, 'translation')) {
    // Before i18next starts, its first read brings every feature in use (lib/language-loader.ts).
    if (!i18n.services?.backendConnector) return;
    await i18n.loadLanguages(locale);
  }
  for (const tree of trees) i18n.addResourceBundle(locale, 'translation', tree, true, false);
};

/**
 * A screen's features' texts (app/screens.ts waits for them with its code), in the language shown and
 * in the one chosen (a switch may be under way): each feature's chunk is downloaded once per language.
 */
export const addFeatureTexts = async (features: readonly TextFeature[], chosen: LocaleId): Promise<void> => {
  const locales = new Set<LocaleId>([chosen]);
  if (isLocaleId(i18n.language)) locales.add(i18n.language);
  await Promise.all(
    [...locales].map(async (locale) => addToLanguage(locale, await loadFeatureTexts(features, locale))),
  );
};

/**
 * Switches the language. i18next reads a language once: one shown before gets the features' texts
 * that joined since first, so nothing opened meanwhile shows a raw key.
 */
export const changeLanguage = async (locale: LocaleId): Promise<void> => {
  if (i18n.hasResourceBundle(locale, 'translation')) {
    await addToLanguage(locale, await loadFeatureTexts(usedFeatures(), locale));
  }
  await i18n.changeLanguage(locale);
};
