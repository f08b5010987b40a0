import type { Note } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { conflictFields, mergeMine } from './note-form';

const theirs: Note = {
  id: 1,
  title: 'Их заголовок',
  body: 'Исходный текст',
  tags: ['утро'],
  status: 'draft',
  coverImage: null,
  publishedAt: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-02T00:00:00Z',
  authorId: 1,
  authorName: 'Анна',
  archivedAt: null,
  version: 2,
};

describe('a note saved by someone else meanwhile', () => {
  const base = { title: 'Заголовок', body: 'Исходный текст', tags: ['утро'] };
  const mine = { title: 'Заголовок', body: 'Мой текст', tags: ['Утро'] };

  it('lists the fields that differ, with both values', () => {
    expect(conflictFields(mine, theirs, (field) => `label:${field}`)).toEqual([
      { name: 'title', label: 'label:title', mine: 'Заголовок', theirs: 'Их заголовок' },
      { name: 'body', label: 'label:body', mine: 'Мой текст', theirs: 'Исходный текст' },
    ]);
  });

  it('keeps mine where I changed a field and theirs where only they did', () => {
    expect(mergeMine(base, mine, { title: 'Их заголовок', body: 'Исходный текст', tags: ['утро'] })).toEqual({
      title: 'Их заголовок',
      body: 'Мой текст',
      tags: ['утро'],
    });
  });
});
