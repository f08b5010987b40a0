import { describe, expect, it } from 'vitest';
import { loadAntdLocale } from '../lib/language-loader';
import { LANGUAGES } from './languages';

describe('antd locales', () => {
  it('come with every interface language', async () => {
    for (const language of LANGUAGES) expect((await loadAntdLocale(language.langId)).locale).toBeTruthy();
  });

  it('label French pagination «/ page»', async () => {
    expect((await loadAntdLocale('fr')).Pagination?.items_per_page).toBe('/ page');
    expect((await loadAntdLocale('ru')).Pagination?.items_per_page).toBe('/ стр.');
  });

  it('language entries have the seed shape', () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(language).sort()).toEqual(['icon', 'lang', 'langId', 'langName']);
    }
    expect(LANGUAGES.map((language) => language.langId)).toEqual(['ru', 'en', 'zh', 'fr', 'ja']);
  });
});
