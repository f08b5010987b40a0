import { describe, expect, it } from 'vitest';
import { wordDiff } from './word-diff';

describe('the word diff', () => {
  it('marks whole Russian words, in order, and keeps the unchanged text between them', () => {
    expect(
      wordDiff('Первый абзац.\n\nВторой абзац текста.', 'Первый абзац, длиннее.\n\nВторой текста и третий.', 'ru'),
    ).toEqual([
      { kind: 'same', text: 'Первый абзац' },
      { kind: 'added', text: ', длиннее' },
      { kind: 'same', text: '.\n\nВторой ' },
      { kind: 'removed', text: 'абзац ' },
      { kind: 'same', text: 'текста ' },
      { kind: 'added', text: 'и третий' },
      { kind: 'same', text: '.' },
    ]);
  });

  it('sees Markdown marks around a kept word as added, not the word as replaced', () => {
    expect(wordDiff('Старый пункт', 'Новый **пункт**', 'ru')).toEqual([
      { kind: 'removed', text: 'Старый ' },
      { kind: 'added', text: 'Новый **' },
      { kind: 'same', text: 'пункт' },
      { kind: 'added', text: '**' },
    ]);
  });

  it('answers the text as one kept run when nothing changed, and one added run from nothing', () => {
    expect(wordDiff('Тот же текст', 'Тот же текст', 'ru')).toEqual([{ kind: 'same', text: 'Тот же текст' }]);
    expect(wordDiff('', 'Новый текст', 'en')).toEqual([{ kind: 'added', text: 'Новый текст' }]);
  });
});
