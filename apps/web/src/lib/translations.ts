import en from '../locales/en.json';
import fr from '../locales/fr.json';
import ja from '../locales/ja.json';
import ru from '../locales/ru.json';
import zh from '../locales/zh.json';
import { type Tree, withFeatures } from './translation-tree';

export const languages = ['ru', 'en', 'zh', 'fr', 'ja'] as const;
export type Language = (typeof languages)[number];

/**
 * Every language at once, for the completeness tests only: the app loads one language's bundle
 * (`language-bundles/<lang>.ts`) on demand. Russian is the source of truth; a test checks every
 * language has exactly its keys.
 */
const featureFiles = import.meta.glob<Tree>('../features/*/locales/*.json', { eager: true, import: 'default' });

const build = (language: Language, shell: Tree): Tree =>
  withFeatures(
    shell,
    Object.fromEntries(Object.entries(featureFiles).filter(([path]) => path.endsWith(`/${language}.json`))),
  );

export const translations: Record<Language, Tree> = {
  ru: build('ru', ru),
  en: build('en', en),
  zh: build('zh', zh),
  fr: build('fr', fr),
  ja: build('ja', ja),
};

/** Which feature files exist per language (the completeness test reports missing ones). */
export const featureLocaleFiles = Object.keys(featureFiles);
