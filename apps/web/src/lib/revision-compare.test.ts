import type { Revision } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { compareRevisions } from './revision-compare';

const revision = (id: number, changes: Revision['changes']): Revision => ({
  id,
  at: '2026-11-27T10:00:00.000Z',
  actor: null,
  action: id === 1 ? 'create' : 'update',
  version: id,
  changes,
});

/** A note's history, newest first: created, retitled and retagged, retitled back, its body rewritten. */
const history = [
  revision(4, [{ field: 'body', before: 'Один два', after: 'Один три' }]),
  revision(3, [{ field: 'title', before: 'Второе', after: 'Первое' }]),
  revision(2, [
    { field: 'title', before: 'Первое', after: 'Второе' },
    { field: 'tags', before: [], after: ['a'] },
  ]),
  revision(1, [
    { field: 'title', before: null, after: 'Первое' },
    { field: 'body', before: null, after: 'Один два' },
    { field: 'tags', before: null, after: [] },
  ]),
];

describe('comparing two revisions', () => {
  it('answers each field that differs, from the older state to the newer, whichever is picked first', () => {
    const expected = [
      { field: 'tags', before: [], after: ['a'] },
      { field: 'body', before: 'Один два', after: 'Один три' },
    ];
    expect(compareRevisions(history, 1, 4)).toEqual(expected);
    expect(compareRevisions(history, 4, 1)).toEqual(expected);
  });

  it('leaves out a field changed and changed back in between, and answers nothing for one revision with itself', () => {
    expect(compareRevisions(history, 1, 3)).toEqual([{ field: 'tags', before: [], after: ['a'] }]);
    expect(compareRevisions(history, 2, 2)).toEqual([]);
  });

  it('two neighbours differ by the newer one’s own changes', () => {
    expect(compareRevisions(history, 3, 4)).toEqual(history[0]?.changes);
  });
});
