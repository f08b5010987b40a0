import type { Locale } from 'antd/es/locale';
import { isLocaleId } from '../config/languages';
import type { LocaleId } from '../config/theme-config';
import { type Tree, withFeatures } from './translation-tree';

/** What the antd screens add to a language besides the features' texts: antd's own (lib/screen-texts/). */
export interface ScreenTexts {
  antd: Locale;
}

/** The features that have texts of their own (`features/<feature>/locales/<lang>.json`). */
export const TEXT_FEATURES = [
  'agreements',
  'home',
  'imports',
  'jobs',
  'notes',
  'profile',
  'promo-codes',
  'push',
  'settings',
  'subscriptions',
  'telegram-channels',
  'transactions',
  'users',
] as const;
export type TextFeature = (typeof TEXT_FEATURES)[number];

/**
 * Chunks per language: the shell's texts (the sign-in pages, the frame, errors), the screens' (antd's
 * and the date library's locale), and one per feature, which only the screens that draw that feature
 * download (docs/decisions/0048). A page downloads only the language it shows, and the login page
 * (no antd, no feature) only the shell's (docs/decisions/0022).
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

// Not eager: each file is a chunk of its own.
const featureFiles = import.meta.glob<Tree>('../features/*/locales/*.json', { import: 'default' });

/** Each chunk downloaded once; a failed download is forgotten, so the next call tries again. */
const cached = <K extends string, T>(loader: (key: K) => Promise<T>) => {
  const loaded = new Map<K, T>();
  const pending = new Map<K, Promise<T>>();
  const load = (key: K): Promise<T> => {
    if (loaded.has(key)) return Promise.resolve(loaded.get(key) as T);
    let next = pending.get(key);
    if (!next) {
      next = loader(key)
        .then((value) => {
          loaded.set(key, value);
          return value;
        })
        .finally(() => pending.delete(key));
      pending.set(key, next);
    }
    return next;
  };
  return { load, get: (key: K) => loaded.get(key) };
};

const shellTexts = cached((locale: LocaleId) => shellLoaders[locale]().then((m) => m.default));
const screenTexts = cached((locale: LocaleId) => screenLoaders[locale]().then((m) => m.default));
const featureTexts = cached((key: `${TextFeature}/${LocaleId}`) => {
  const [feature, locale] = key.split('/');
  const file = featureFiles[`../features/${feature}/locales/${locale}.json`];
  return file ? file() : Promise.reject(new Error(`no texts for ${key}`));
});

/** Set once the antd screens are loaded: from then on a language arrives with their texts too. */
let screensInUse = false;
/** The features whose texts a screen has asked for: a language loaded from now on brings theirs too. */
const featuresInUse = new Set<TextFeature>();

/** The screens' texts for a language (the antd screens' chunk waits for them). */
export const loadScreenTexts = (locale: LocaleId): Promise<ScreenTexts> => {
  screensInUse = true;
  return screenTexts.load(locale);
};

/**
 * Some features' texts in a language. They are in use from this call on (before their download ends),
 * so a language that starts loading now brings them too.
 */
export const loadFeatureTexts = (features: readonly TextFeature[], locale: LocaleId): Promise<Tree[]> => {
  for (const feature of features) featuresInUse.add(feature);
  return Promise.all(features.map((feature) => featureTexts.load(`${feature}/${locale}`)));
};

/** The features whose texts have been asked for, in the order they were. */
export const usedFeatures = (): TextFeature[] => [...featuresInUse];

/**
 * A language's texts, for i18next: the shell's, and those of every feature in use (and antd's once the
 * antd screens are), so a switch never shows a screen or a table's pagination in the old language or a
 * raw key.
 */
export const loadLanguage = async (locale: LocaleId): Promise<Tree> => {
  let features: TextFeature[];
  let loaded: [Tree, ScreenTexts | undefined, Tree[]];
  // A screen opened while this language downloads adds its features: they come in the same answer.
  do {
    features = usedFeatures();
    loaded = await Promise.all([
      shellTexts.load(locale),
      screensInUse ? screenTexts.load(locale) : undefined,
      loadFeatureTexts(features, locale),
    ]);
  } while (featuresInUse.size > features.length);
  const [shell, , trees] = loaded;
  return withFeatures(shell, Object.fromEntries(features.map((feature, index) => [feature, trees[index] ?? {}])));
};

/** antd's texts for a language already loaded (undefined before: antd then uses its English defaults). */
export const loadedAntdLocale = (locale: string): Locale | undefined =>
  isLocaleId(locale) ? screenTexts.get(locale)?.antd : undefined;
