import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEXT_FEATURES } from '../lib/language-loader';
import type { Tree } from '../lib/translation-tree';
import shellRu from '../locales/ru.json';

/**
 * Each screen downloads the texts of the features it draws, and only those (app/screens.ts,
 * docs/decisions/0048). Read from the sources: the features a screen declares must be those whose keys
 * its code uses, following its imports. A feature's component drawn by a screen that does not declare
 * the feature would show raw keys; this fails first.
 */
const globbed = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});
/** By path under src/ (`app/screens.ts`, `features/users/index.ts`). */
const sources: Record<string, string> = Object.fromEntries(
  Object.entries(globbed).map(([key, text]) => [posix.join('app', key), text]),
);
const featureFiles = import.meta.glob<Tree>('../features/*/locales/ru.json', { eager: true, import: 'default' });

const leaves = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`),
  );
const PLURAL = /_(zero|one|two|few|many|other)$/;
const shellKeys = new Set(leaves(shellRu as Tree).map((key) => key.replace(PLURAL, '')));
const featureKeys = Object.entries(featureFiles).map(([file, tree]) => ({
  feature: file.split('/')[2] ?? '',
  keys: new Set(leaves(tree).map((key) => key.replace(PLURAL, ''))),
}));

/** The features whose texts a key (or a key's fixed start, for `` t(`a.${b}`) ``) may come from. */
const ownersOf = (key: string, prefix: boolean): string[] =>
  featureKeys
    .filter(({ keys }) => (prefix ? [...keys].some((k) => k.startsWith(key)) : keys.has(key)))
    .filter(() => prefix || !shellKeys.has(key))
    .map(({ feature }) => feature);

// The patterns of locales/keys-in-code.test.ts: a key written out, and a template's fixed start.
const LITERAL = /(?:\bt\(\s*|i18nKey=\{?\s*)(['"])([a-zA-Z][\w-]*(?:\.[\w-]+)+)\1/g;
const TEMPLATE = /\bt\(\s*`([a-zA-Z][\w-]*(?:\.[\w-]*)*)\$\{/g;
const featuresUsedBy = (text: string): string[] => [
  ...[...text.matchAll(LITERAL)].flatMap((match) => ownersOf(match[2] ?? '', false)),
  ...[...text.matchAll(TEMPLATE)].flatMap((match) => ownersOf(match[1] ?? '', true)),
];

const resolve = (from: string, specifier: string): string | undefined => {
  const base = posix.join(posix.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((file) => file in sources);
};
const isFeatureIndex = (file: string) => /^features\/[^/]+\/index\.tsx?$/.test(file);

// `import … from`, `export … from` (not `import type`), `import './x'`, and `import('./x')`.
const STATIC =
  /(?:^|\n)\s*(import|export)\s+(?!type\s)([\s\S]*?)\s*from\s*'(\.[^']+)'|(?:^|\n)\s*import\s+'(\.[^']+)'/g;
const DYNAMIC = /\bimport\(\s*'(\.[^']+)'\s*\)/g;

/**
 * The features whose texts the code reached from `start` uses. A feature's index.ts holds its screens'
 * loaders: its dynamic imports are followed only for a start or an importer that takes a `load…` from it
 * (the frame imports query keys from feature indexes and draws none of their screens).
 */
const featuresDrawnFrom = (start: string): string[] => {
  const found = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string, withLoaders: boolean) => {
    const mark = `${file}|${withLoaders}`;
    if (seen.has(mark)) return;
    seen.add(mark);
    const text = sources[file] ?? '';
    for (const feature of featuresUsedBy(text)) found.add(feature);
    for (const match of text.matchAll(STATIC)) {
      const target = resolve(file, match[3] ?? match[4] ?? '');
      if (target) visit(target, !isFeatureIndex(target) || /\bload\w*/.test(match[2] ?? ''));
    }
    if (!isFeatureIndex(file) || withLoaders) {
      for (const match of text.matchAll(DYNAMIC)) {
        const target = resolve(file, match[1] ?? '');
        if (target) visit(target, true);
      }
    }
  };
  visit(start, true);
  return [...found].sort();
};

const screensFile = 'app/screens.ts';
const screensSource = sources[screensFile] ?? '';
/** Each `export const XScreen = lazyScreen('chunk', …)` or `featureScreen('chunk', [features], …)`. */
const screens = screensSource
  .split(/\nexport const /)
  .slice(1)
  .flatMap((statement) => {
    const head = statement.match(/^(\w+Screen) = (lazyScreen|featureScreen)\(\s*'([^']+)',\s*(?:\[([^\]]*)\],\s*)?/);
    if (!head) return [];
    const rest = statement.slice(head[0].length);
    const inline = rest.match(DYNAMIC) ? [...rest.matchAll(DYNAMIC)].map((match) => match[1] ?? '') : [];
    const loader = rest.match(/^(\w+)/)?.[1];
    const from = loader
      ? screensSource.match(new RegExp(`import \\{[^}]*\\b${loader}\\b[^}]*\\} from '([^']+)'`))?.[1]
      : undefined;
    const starts = [...inline, ...(from ? [from] : [])].map((specifier) => resolve(screensFile, specifier));
    const declared = [...(head[4] ?? '').matchAll(/'([^']+)'/g)].map((match) => match[1] ?? '').sort();
    return [{ name: head[1] ?? '', starts, declared }];
  });

describe('the features’ texts each screen downloads', () => {
  it('reads every screen of app/screens.ts and the code it draws', () => {
    expect(screens.length).toBeGreaterThan(25);
    for (const screen of screens) {
      expect(screen.starts.length, screen.name).toBeGreaterThan(0);
      expect(screen.starts, screen.name).not.toContain(undefined);
    }
    const users = screens.find((screen) => screen.name === 'UsersScreen');
    expect(users && featuresDrawnFrom(users.starts[0] ?? '')).toEqual(['users']);
    // The patterns see a key of another feature: the user page composes agreements' and push's cards.
    const user = screens.find((screen) => screen.name === 'UserScreen');
    expect(user && featuresDrawnFrom(user.starts[0] ?? '')).toEqual(['agreements', 'push', 'users']);
  });

  it('every feature with texts is one lib/language-loader.ts knows', () => {
    expect(featureKeys.map(({ feature }) => feature).sort()).toEqual([...TEXT_FEATURES].sort());
  });

  it('each screen declares exactly the features whose texts its code uses', () => {
    const wrong = screens.flatMap(({ name, starts, declared }) => {
      const drawn = [...new Set(starts.flatMap((start) => featuresDrawnFrom(start ?? '')))].sort();
      return drawn.join() === declared.join() ? [] : [`${name}: declares [${declared}], draws [${drawn}]`];
    });
    expect(wrong).toEqual([]);
  });
});
