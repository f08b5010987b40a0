import { describe, expect, it } from 'vitest';
import { changedPaths, leafChanges, leavesOf, nestedConflictFields, withLeafChanges, withPaths } from './nested-fields';

const base = { name: 'A', quiet: { enabled: false, start: '22:00' }, roles: ['admin'], cap: { perDay: null } };

describe('nested form fields', () => {
  it('reads groups as dotted leaves, lists and nulls as one field', () => {
    expect(leavesOf(base)).toEqual({
      name: 'A',
      'quiet.enabled': false,
      'quiet.start': '22:00',
      roles: ['admin'],
      'cap.perDay': null,
    });
  });

  it('names only the fields that differ', () => {
    expect(
      changedPaths(base, { ...base, quiet: { enabled: false, start: '23:00' }, roles: ['admin', 'editor'] }),
    ).toEqual(['quiet.start', 'roles']);
  });

  it('keeps mine over theirs: only my changed fields go over the newer record, theirs stay', () => {
    const mine = { ...base, quiet: { enabled: true, start: '22:00' } };
    const theirs = { ...base, name: 'B', quiet: { enabled: false, start: '21:00' } };
    const merged = withPaths(theirs, mine, changedPaths(base, mine));
    expect(merged).toEqual({ ...base, name: 'B', quiet: { enabled: true, start: '21:00' } });
    expect(theirs.quiet.enabled).toBe(false);
  });

  it('lists the conflicting fields with both values', () => {
    const rows = nestedConflictFields(base, { ...base, quiet: { enabled: true, start: '22:00' } }, (p) => `L:${p}`);
    expect(rows).toEqual([{ name: 'quiet.enabled', label: 'L:quiet.enabled', mine: false, theirs: true }]);
  });
});

describe('conflict rows', () => {
  it('leave out what the form does not hold', () => {
    const rows = nestedConflictFields({ name: 'A' }, { name: 'B', version: 3, updatedAt: 'x' }, (p) => p);
    expect(rows.map((row) => row.name)).toEqual(['name']);
  });
});

describe('a history’s changes part by part', () => {
  it('opens a changed group into the parts that changed, whatever the order of its keys', () => {
    expect(
      leafChanges([
        { field: 'name', before: 'A', after: 'B' },
        {
          field: 'quiet',
          before: { start: '22:00', enabled: false, end: '09:00' },
          after: { enabled: true, start: '23:00', end: '09:00' },
        },
        { field: 'roles', before: [], after: ['admin'] },
      ]),
    ).toEqual([
      { field: 'name', before: 'A', after: 'B' },
      { field: 'quiet.enabled', before: false, after: true },
      { field: 'quiet.start', before: '22:00', after: '23:00' },
      { field: 'roles', before: [], after: ['admin'] },
    ]);
  });

  it('reads a group that appears from nothing, and drops a group whose parts are all the same', () => {
    expect(leafChanges([{ field: 'cap', before: null, after: { perDay: 3, perWeek: null } }])).toEqual([
      { field: 'cap.perDay', before: null, after: 3 },
    ]);
    expect(leafChanges([{ field: 'cap', before: { perDay: 3 }, after: { perDay: 3 } }])).toEqual([]);
    const page = {
      count: 1,
      items: [
        {
          id: 7,
          at: '2026-11-28T00:00:00.000Z',
          actor: null,
          action: 'update',
          version: 2,
          changes: [{ field: 'cap', before: { perDay: 1 }, after: { perDay: 2 } }],
        },
      ],
    };
    expect(withLeafChanges(page).items[0]?.changes).toEqual([{ field: 'cap.perDay', before: 1, after: 2 }]);
  });
});
