import { describe, expect, it } from 'vitest';
import { loadScreenTexts } from '../lib/language-loader';
import { LANGUAGES } from './languages';

describe('antd locales', () => {
  it('come with every interface language', async () => {
    for (const language of LANGUAGES) expect((await loadScreenTexts(language.langId)).antd.locale).toBeTruthy();
  });

  it('label French pagination «/ page»', async () => {
    expect((await loadScreenTexts('fr')).antd.Pagination?.items_per_page).toBe('/ page');
    expect((await loadScreenTexts('ru')).antd.Pagination?.items_per_page).toBe('/ стр.');
  });

  it('language entries have the seed shape', () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(language).sort()).toEqual(['icon', 'lang', 'langId', 'langName']);
    }
    expect(LANGUAGES.map((language) => language.langId)).toEqual(['ru', 'en', 'zh', 'fr', 'ja']);
  });
});
