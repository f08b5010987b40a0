import { describe, expect, it } from 'vitest';
import { changedPaths, leavesOf, nestedConflictFields, withPaths } from './nested-fields';

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
