import { describe, expect, it } from 'vitest';
import shell from '../locales/fr.json';
import { loadLanguage, loadScreenTexts } from './language-loader';
import type { Tree } from './translation-tree';

// Every feature's French file, as the build finds them.
const featureFiles = import.meta.glob<Tree>('../features/*/locales/fr.json', { eager: true, import: 'default' });

/** The dotted paths of every text in a tree. */
const leaves = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`),
  );

describe('language chunks', () => {
  // One module state for the whole file: the order below is the order of a visit.
  it('the login page gets the shell’s texts only; once the antd screens load, a language brings every feature’s', async () => {
    const featureLeaves = Object.values(featureFiles).flatMap((file) => leaves(file));
    expect(Object.keys(featureFiles).length).toBeGreaterThan(5);

    const signedOut = leaves(await loadLanguage('fr'));
    expect(signedOut.sort()).toEqual(leaves(shell as Tree).sort());
    expect(featureLeaves.filter((path) => signedOut.includes(path))).toEqual([]);

    await loadScreenTexts('ru');
    const withScreens = leaves(await loadLanguage('fr'));
    expect(featureLeaves.filter((path) => !withScreens.includes(path))).toEqual([]);
    expect(withScreens).toHaveLength(signedOut.length + featureLeaves.length);
  });
});
