import { beforeAll, describe, expect, it } from 'vitest';
import { addFeatureTexts, i18n, initI18n } from '../../../lib/i18n';
import { shownChanges } from '../../../lib/revision-values';
import { NOTE_FIELD_VALUES } from './note-form';

beforeAll(async () => {
  await initI18n('ru');
  await addFeatureTexts(['notes'], 'ru');
});

describe('a note’s history reads as the notes screen', () => {
  it('shows the status in words, the archiving as a date and the cover by its file', () => {
    const shown = shownChanges(
      [
        { field: 'status', before: 'draft', after: 'published' },
        { field: 'archivedAt', before: null, after: '2026-03-05T10:07:00' },
        { field: 'coverImage', before: 'notes/1/a.webp', after: null },
        { field: 'tags', before: ['утро'], after: ['утро', 'план'] },
      ],
      NOTE_FIELD_VALUES,
      { t: i18n.t.bind(i18n), locale: 'ru' },
    );
    expect(shown.map(({ before, after }) => `${before} → ${after}`)).toEqual([
      'Черновик → Опубликована',
      '— → 05.03.2026 10:07',
      'a.webp → —',
      'утро → утро, план',
    ]);
  });
});
