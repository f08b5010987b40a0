import type { Locale } from 'antd/es/locale';
import { isLocaleId } from '../config/languages';
import type { LocaleId } from '../config/theme-config';
import type { Tree } from './translation-tree';

/**
 * One chunk per language for the interface's texts, and one for antd's texts with the date library's
 * locale: a page downloads only the language it shows, and the login page (no antd, no dates) only the
 * texts (docs/decisions/0022).
 */
const textLoaders: Record<LocaleId, () => Promise<{ default: Tree }>> = {
  ru: () => import('./language-bundles/ru'),
  en: () => import('./language-bundles/en'),
  zh: () => import('./language-bundles/zh'),
  fr: () => import('./language-bundles/fr'),
  ja: () => import('./language-bundles/ja'),
};

const antdLoaders: Record<LocaleId, () => Promise<{ default: Locale }>> = {
  ru: () => import('./antd-locales/antd-ru'),
  en: () => import('./antd-locales/antd-en'),
  zh: () => import('./antd-locales/antd-zh'),
  fr: () => import('./antd-locales/antd-fr'),
  ja: () => import('./antd-locales/antd-ja'),
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

const texts = cached(textLoaders);
const antdTexts = cached(antdLoaders);

/** Set once the antd screens are loaded: from then on a language switch waits for antd's texts too. */
let antdInUse = false;

/** antd's texts (and the date library's locale) for a language; the antd screens' chunk waits for it. */
export const loadAntdLocale = (locale: LocaleId): Promise<Locale> => {
  antdInUse = true;
  return antdTexts.load(locale);
};

/**
 * A language's texts, for i18next; once antd is in use, its texts arrive before the switch, so a
 * table's pagination never speaks the old language next to the new one.
 */
export const loadLanguage = async (locale: LocaleId): Promise<Tree> => {
  const [translation] = await Promise.all([texts.load(locale), antdInUse ? antdTexts.load(locale) : undefined]);
  return translation;
};

/** antd's texts for a language already loaded (undefined before: antd then uses its English defaults). */
export const loadedAntdLocale = (locale: string): Locale | undefined =>
  isLocaleId(locale) ? antdTexts.get(locale) : undefined;
