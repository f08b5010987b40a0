import { describe, expect, it } from 'vitest';
import shell from '../locales/fr.json';
import { loadFeatureTexts, loadLanguage, loadScreenTexts } from './language-loader';
import type { Tree } from './translation-tree';

// Two features' French files, as the build finds them.
const featureFiles = import.meta.glob<Tree>('../features/*/locales/fr.json', { eager: true, import: 'default' });
const users = featureFiles['../features/users/locales/fr.json'] as Tree;
const promoCodes = featureFiles['../features/promo-codes/locales/fr.json'] as Tree;

/** The dotted paths of every text in a tree. */
const leaves = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`),
  );

describe('language chunks', () => {
  // One module state for the whole file: the order below is the order of a visit.
  it('the login page gets the shell’s texts only; then a language brings the features in use and no other', async () => {
    const signedOut = leaves(await loadLanguage('fr'));
    expect(signedOut.sort()).toEqual(leaves(shell as Tree).sort());

    // The users screen asks for its texts (in Russian, the language shown): French now brings them too.
    await loadScreenTexts('ru');
    await loadFeatureTexts(['users'], 'ru');
    const withUsers = leaves(await loadLanguage('fr'));
    expect(leaves(users).filter((path) => !withUsers.includes(path))).toEqual([]);
    expect(leaves(promoCodes).filter((path) => withUsers.includes(path))).toEqual([]);
    expect(withUsers).toHaveLength(signedOut.length + leaves(users).length);
  });

  it('downloads a feature’s texts once per language', async () => {
    const [first] = await loadFeatureTexts(['promo-codes'], 'fr');
    const [again] = await loadFeatureTexts(['promo-codes'], 'fr');
    expect(first).toEqual(promoCodes);
    expect(again).toBe(first);
    expect((await loadFeatureTexts(['promo-codes'], 'en'))[0]).not.toEqual(first);
  });
});
