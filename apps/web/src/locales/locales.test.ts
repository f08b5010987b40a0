import { describe, expect, it } from 'vitest';
import { featureLocaleFiles, languages, translations } from '../lib/translations';

const { ru, en, zh, fr, ja } = translations;

/** Every leaf key of a translation file, as dotted paths. */
const keysOf = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key))
    : [prefix];

const leaves = (value: unknown, prefix = ''): [string, unknown][] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key))
    : [[prefix, value]];

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}|\$\{(\w+)\}/g)].map((m) => m[0]).sort();

const others = { en, zh, fr, ja };
const source = keysOf(ru).sort();

describe('translations', () => {
  it('every feature that has locale files has all five', () => {
    const features = new Set(featureLocaleFiles.map((path) => path.split('/').at(-3)));
    for (const feature of features) {
      for (const language of languages) {
        expect(featureLocaleFiles, `${feature}/${language}`).toContain(
          `../features/${feature}/locales/${language}.json`,
        );
      }
    }
  });

  it.each(Object.entries(others))('%s has exactly the keys of ru', (_name, file) => {
    const keys = keysOf(file).sort();
    expect(
      keys.filter((key) => !source.includes(key)),
      'extra keys',
    ).toEqual([]);
    expect(
      source.filter((key) => !keys.includes(key)),
      'missing keys',
    ).toEqual([]);
  });

  it.each(Object.entries(others))('%s keeps the placeholders of every ru string', (_name, file) => {
    const translated = new Map(leaves(file));
    for (const [key, text] of leaves(ru)) {
      expect(placeholders(String(translated.get(key))), key).toEqual(placeholders(String(text)));
    }
  });

  it.each(Object.entries(others))('%s is a translation, not a copy of another file', (_name, file) => {
    const values = leaves(file).map(([, value]) => value);
    // Brand names and pure placeholders may repeat; whole sections may not.
    const sameAsRu = leaves(ru).filter(([key, value]) => new Map(leaves(file)).get(key) === value && value !== 'Pult');
    expect(sameAsRu.length, sameAsRu.map(([key]) => key).join(', ')).toBeLessThanOrEqual(2);
    expect(values.every((value) => typeof value === 'string' && value.trim().length > 0)).toBe(true);
  });

  it('non-English files are not copies of English', () => {
    const english = new Map(leaves(en));
    for (const [name, file] of Object.entries({ zh, fr, ja })) {
      const same = leaves(file).filter(([key, value]) => english.get(key) === value && value !== 'Pult');
      expect(same.length, `${name}: ${same.map(([key]) => key).join(', ')}`).toBeLessThanOrEqual(3);
    }
  });

  /**
   * A plural key resolves by the language's own rules (`key_few` in Russian, only `key_other` in
   * Japanese): a form missing in one language draws the raw key there alone. With the key sets equal
   * (above), this is what could still differ by language, so the browser sweep of the screens need
   * not run in every language.
   */
  it.each(Object.entries(translations))('%s has every plural form its rules choose', (name, file) => {
    const forms = new Intl.PluralRules(name).resolvedOptions().pluralCategories;
    const bases = new Set(
      keysOf(file)
        .filter((key) => /_(zero|one|two|few|many|other)$/.test(key))
        .map((key) => key.replace(/_[a-z]+$/, '')),
    );
    expect(bases.size).toBeGreaterThan(0);
    const keys = new Set(keysOf(file));
    const missing = [...bases].flatMap((base) =>
      forms.filter((form) => !keys.has(`${base}_${form}`)).map((form) => `${base}_${form}`),
    );
    expect(missing).toEqual([]);
  });
});
