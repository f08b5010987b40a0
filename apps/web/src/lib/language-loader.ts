import type { Locale } from 'antd/es/locale';
import { isLocaleId } from '../config/languages';
import type { LocaleId } from '../config/theme-config';
import type { Tree } from './translation-tree';

export interface LanguageBundle {
  translation: Tree;
  /** antd's own texts (pagination, pickers, empty states) in this language. */
  antd: Locale;
}

// One chunk per language (translations, antd's texts, dayjs's locale): a page downloads only the language it shows.
const loaders: Record<LocaleId, () => Promise<{ default: LanguageBundle }>> = {
  ru: () => import('./language-bundles/ru'),
  en: () => import('./language-bundles/en'),
  zh: () => import('./language-bundles/zh'),
  fr: () => import('./language-bundles/fr'),
  ja: () => import('./language-bundles/ja'),
};

const loaded = new Map<LocaleId, LanguageBundle>();
const pending = new Map<LocaleId, Promise<LanguageBundle>>();

export const loadLanguage = (locale: LocaleId): Promise<LanguageBundle> => {
  const ready = loaded.get(locale);
  if (ready) return Promise.resolve(ready);
  let load = pending.get(locale);
  if (!load) {
    load = loaders[locale]()
      .then(({ default: bundle }) => {
        loaded.set(locale, bundle);
        return bundle;
      })
      // A failed download may be retried by the next call.
      .finally(() => pending.delete(locale));
    pending.set(locale, load);
  }
  return load;
};

/** antd's texts for a language already loaded (undefined before: antd then uses its English defaults). */
export const loadedAntdLocale = (locale: string): Locale | undefined =>
  isLocaleId(locale) ? loaded.get(locale)?.antd : undefined;
