import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLocaleId } from '../config/languages';
import type { LocaleId } from '../config/theme-config';
import { loadLanguage, loadScreenTexts } from './language-loader';

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
 * Before the first antd screen draws, the screens' texts of the language shown (every feature's,
 * antd's) join the shell's that the login page loaded; a language loaded from now on brings both.
 */
export const addScreenTexts = async (fallback: LocaleId): Promise<void> => {
  const locale = isLocaleId(i18n.language) ? i18n.language : fallback;
  const { features } = await loadScreenTexts(locale);
  if (i18n.hasResourceBundle(locale, 'translation')) {
    i18n.addResourceBundle(locale, 'translation', features, true, false);
  }
};
