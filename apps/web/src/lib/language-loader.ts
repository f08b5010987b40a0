import type { Locale } from 'antd/es/locale';
import { isLocaleId } from '../config/languages';
import type { LocaleId } from '../config/theme-config';
import { type Tree, withFeatures } from './translation-tree';

/** What the antd screens add to a language: the features' texts and antd's own (lib/screen-texts/). */
export interface ScreenTexts {
  features: Tree;
  antd: Locale;
}

/**
 * Two chunks per language: the shell's texts (the sign-in pages, the layout, errors) and the screens'
 * texts (every feature's, antd's, the date library's locale). A page downloads only the language it
 * shows, and the login page (no antd, no feature) only the shell's (docs/decisions/0022).
 */
const shellLoaders: Record<LocaleId, () => Promise<{ default: Tree }>> = {
  ru: () => import('./language-bundles/ru'),
  en: () => import('./language-bundles/en'),
  zh: () => import('./language-bundles/zh'),
  fr: () => import('./language-bundles/fr'),
  ja: () => import('./language-bundles/ja'),
};

const screenLoaders: Record<LocaleId, () => Promise<{ default: ScreenTexts }>> = {
  ru: () => import('./screen-texts/screens-ru'),
  en: () => import('./screen-texts/screens-en'),
  zh: () => import('./screen-texts/screens-zh'),
  fr: () => import('./screen-texts/screens-fr'),
  ja: () => import('./screen-texts/screens-ja'),
};

/** Each chunk downloaded once; a failed download is forgotten, so the next call tries again. */
const cached = <T>(loaders: Record<LocaleId, () => Promise<{ default: T }>>) => {
  const loaded = new Map<LocaleId, T>();
  const pending = new Map<LocaleId, Promise<T>>();
  const load = (locale: LocaleId): Promise<T> => {
    const ready = loaded.get(locale);
    if (ready) return Promise.resolve(ready);
    let next = pending.get(locale);
    if (!next) {
      next = loaders[locale]()
        .then(({ default: value }) => {
          loaded.set(locale, value);
          return value;
        })
        .finally(() => pending.delete(locale));
      pending.set(locale, next);
    }
    return next;
  };
  return { load, get: (locale: LocaleId) => loaded.get(locale) };
};

const shellTexts = cached(shellLoaders);
const screenTexts = cached(screenLoaders);

/** Set once the antd screens are loaded: from then on a language arrives with their texts too. */
let screensInUse = false;

/** The screens' texts for a language (the antd screens' chunk waits for them). */
export const loadScreenTexts = (locale: LocaleId): Promise<ScreenTexts> => {
  screensInUse = true;
  return screenTexts.load(locale);
};

/**
 * A language's texts, for i18next: the shell's, and once the antd screens are in use the features'
 * too, so a switch never shows a screen or a table's pagination in the old language.
 */
export const loadLanguage = async (locale: LocaleId): Promise<Tree> => {
  const [shell, screens] = await Promise.all([
    shellTexts.load(locale),
    screensInUse ? screenTexts.load(locale) : undefined,
  ]);
  return screens ? withFeatures(shell, { features: screens.features }) : shell;
};

/** antd's texts for a language already loaded (undefined before: antd then uses its English defaults). */
export const loadedAntdLocale = (locale: string): Locale | undefined =>
  isLocaleId(locale) ? screenTexts.get(locale)?.antd : undefined;
