import en from '../locales/en.json';
import fr from '../locales/fr.json';
import ja from '../locales/ja.json';
import ru from '../locales/ru.json';
import zh from '../locales/zh.json';

export const languages = ['ru', 'en', 'zh', 'fr', 'ja'] as const;
export type Language = (typeof languages)[number];

type Tree = { [key: string]: string | Tree };

/** Deep merge; a feature may add keys but never silently replace a shell key. */
function merge(target: Tree, source: Tree, path = ''): Tree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'object' && typeof existing === 'object') merge(existing, value, `${path}${key}.`);
    else if (existing === undefined) target[key] = typeof value === 'object' ? structuredClone(value) : value;
    else throw new Error(`translation key ${path}${key} is defined twice`);
  }
  return target;
}

/**
 * The shell's strings (`src/locales/<lang>.json`) plus each feature's own
 * (`src/features/<feature>/locales/<lang>.json`), so features never edit one shared file.
 * Russian is the source of truth; a test checks every language has exactly its keys.
 */
const featureFiles = import.meta.glob<Tree>('../features/*/locales/*.json', { eager: true, import: 'default' });

function build(language: Language, shell: Tree): Tree {
  const tree = structuredClone(shell);
  for (const [path, file] of Object.entries(featureFiles)) {
    if (path.endsWith(`/${language}.json`)) merge(tree, file);
  }
  return tree;
}

export const translations: Record<Language, Tree> = {
  ru: build('ru', ru),
  en: build('en', en),
  zh: build('zh', zh),
  fr: build('fr', fr),
  ja: build('ja', ja),
};

/** Which feature files exist per language (the completeness test reports missing ones). */
export const featureLocaleFiles = Object.keys(featureFiles);
