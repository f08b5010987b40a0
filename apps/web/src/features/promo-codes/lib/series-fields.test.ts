import { beforeAll, describe, expect, it } from 'vitest';
import { addFeatureTexts, i18n, initI18n } from '../../../lib/i18n';
import { shownChanges } from '../../../lib/revision-values';
import { SERIES_FIELD_VALUES, themeFieldLabel } from './series-fields';

beforeAll(async () => {
  await initI18n('ru');
  await addFeatureTexts(['promo-codes'], 'ru');
});

const reader = () => ({ t: i18n.t.bind(i18n), locale: i18n.language as 'ru' });

describe('a promo series’ history reads as its screen', () => {
  it('shows the status in words and the theme’s parts by the editor’s names, files by name', () => {
    const shown = shownChanges(
      [
        { field: 'status', before: 'enabled', after: 'disabled' },
        { field: 'colors', before: { primary: '#2563d9' }, after: { primary: '#000000' } },
        { field: 'texts', before: { headline: 'А', subtitle: '' }, after: { headline: 'Б', subtitle: 'В' } },
        { field: 'images', before: { logo: null }, after: { logo: 'promo/7/logo-3f2a.webp' } },
      ],
      SERIES_FIELD_VALUES,
      reader(),
    );
    expect(shown.map(({ before, after }) => `${before} → ${after}`)).toEqual([
      'Включена → Выключена',
      'Основной: #2563d9 → Основной: #000000',
      'Заголовок: А, Подзаголовок: — → Заголовок: Б, Подзаголовок: В',
      'Логотип: — → Логотип: logo-3f2a.webp',
    ]);
  });

  it('names the theme form’s fields with their group', () => {
    expect(themeFieldLabel('colors.background', i18n.t.bind(i18n))).toBe('Цвета · Фон');
    expect(themeFieldLabel('texts.buttonText', i18n.t.bind(i18n))).toBe('Тексты · Текст кнопки');
  });
});
