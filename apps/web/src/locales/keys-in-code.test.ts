import { describe, expect, it } from 'vitest';
import type { Tree } from '../lib/translation-tree';
import { translations } from '../lib/translations';

/**
 * Every translation key the code names literally exists in ru (and so, by locales.test.ts, in every
 * language). A key that does not is drawn as the key itself: «home.change.none» on every card of the
 * home screen went unnoticed that way. The browser sweep (e2e/translation-keys.ts, run by the accessibility sweep) catches keys
 * built at run time; this catches the literal ones without a browser.
 */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const ru = translations.ru;
/** i18next's plural forms: `key` may exist only as `key_one`, `key_few`… */
const PLURAL = ['', '_zero', '_one', '_two', '_few', '_many', '_other'];

const lookup = (path: string): Tree | string | undefined => {
  let node: Tree | string | undefined = ru;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return node;
};
const exists = (key: string) => PLURAL.some((suffix) => typeof lookup(`${key}${suffix}`) === 'string');

/** `t('a.b')`, `i18n.t("a.b")`, `i18nKey="a.b"`: a key written out in full. */
const LITERAL = /(?:\bt\(\s*|i18nKey=\{?\s*)(['"])([a-zA-Z][\w-]*(?:\.[\w-]+)+)\1/g;
/** `` t(`home.change.${direction}Long`) ``: the fixed part before the first placeholder. */
const TEMPLATE = /\bt\(\s*`([a-zA-Z][\w-]*(?:\.[\w-]*)*)\$\{/g;

const usages = Object.entries(sources).flatMap(([file, text]) => [
  ...[...text.matchAll(LITERAL)].map((match) => ({ file, key: match[2] ?? '', prefix: false })),
  ...[...text.matchAll(TEMPLATE)].map((match) => ({ file, key: match[1] ?? '', prefix: true })),
]);

/** Whether some key starts with `prefix` (`home.change.` → `home.change.upLong`). */
const someKeyStartsWith = (prefix: string): boolean => {
  const dot = prefix.lastIndexOf('.');
  const parent = dot < 0 ? ru : lookup(prefix.slice(0, dot));
  const rest = prefix.slice(dot + 1);
  return typeof parent === 'object' && Object.keys(parent).some((key) => key.startsWith(rest));
};

describe('translation keys in the code', () => {
  it('finds the keys (the patterns still match how the code calls t)', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(usages.length).toBeGreaterThan(500);
    expect(usages).toContainEqual({
      file: '../features/home/components/kpi-card.tsx',
      key: 'home.change.none',
      prefix: false,
    });
  });

  it('every literal key exists in ru', () => {
    const missing = usages.filter((usage) => !usage.prefix && !exists(usage.key));
    expect(missing.map(({ file, key }) => `${file}: ${key}`)).toEqual([]);
  });

  it('every key built from a template starts like some key in ru', () => {
    const missing = usages.filter((usage) => usage.prefix && !someKeyStartsWith(usage.key));
    expect(missing.map(({ file, key }) => `${file}: ${key}…`)).toEqual([]);
  });
});
