import { describe, expect, it } from 'vitest';
import { ANTD_LOCALES } from './antd-locales';
import { LANGUAGES } from './languages';

describe('antd locales', () => {
  it('exist for every interface language', () => {
    for (const language of LANGUAGES) expect(ANTD_LOCALES[language.langId]?.locale).toBeTruthy();
  });

  it('label French pagination «/ page»', () => {
    expect(ANTD_LOCALES.fr.Pagination?.items_per_page).toBe('/ page');
    expect(ANTD_LOCALES.ru.Pagination?.items_per_page).toBe('/ стр.');
  });

  it('language entries have the seed shape', () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(language).sort()).toEqual(['icon', 'lang', 'langId', 'langName']);
    }
    expect(LANGUAGES.map((language) => language.langId)).toEqual(['ru', 'en', 'zh', 'fr', 'ja']);
  });
});
