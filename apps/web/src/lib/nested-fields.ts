import type { FieldChange, RevisionsPage } from '@pult/contract';

/**
 * A form of nested groups (the settings' quiet hours, a theme's colours) field by field: each leaf under
 * its dotted path (`pushQuietHours.start`), so a conflict names the one field two people changed, and
 * «keep mine» puts back only the fields the person changed over the newer record. Arrays and nulls are
 * leaves (a list of roles is one field).
 */
export type Leaves = Record<string, unknown>;

const isGroup = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const leavesOf = (value: Record<string, unknown>, prefix = ''): Leaves =>
  Object.fromEntries(
    Object.entries(value).flatMap(([key, item]) =>
      isGroup(item) ? Object.entries(leavesOf(item, `${prefix}${key}.`)) : [[`${prefix}${key}`, item]],
    ),
  );

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The paths whose value differs between two states, in the order of `after`. */
export const changedPaths = (before: Record<string, unknown>, after: Record<string, unknown>): string[] => {
  const was = leavesOf(before);
  return Object.entries(leavesOf(after))
    .filter(([path, value]) => !same(was[path], value))
    .map(([path]) => path);
};

/** A copy of `record` with the values of `paths` taken from `from`; every other field stays as in `record`. */
export const withPaths = <T extends Record<string, unknown>>(
  record: T,
  from: Record<string, unknown>,
  paths: string[],
): T => {
  const copy = structuredClone(record) as Record<string, unknown>;
  const source = leavesOf(from);
  for (const path of paths) {
    const keys = path.split('.');
    let group = copy;
    for (const key of keys.slice(0, -1)) {
      if (!isGroup(group[key])) group[key] = {};
      group = group[key] as Record<string, unknown>;
    }
    group[keys[keys.length - 1] as string] = source[path];
  }
  return copy as T;
};

/**
 * The conflict dialog's rows: each field of the form where what the person is saving differs from what is
 * saved now (fields the form does not hold, such as who saved last, are not the person's to choose).
 */
export const nestedConflictFields = (
  mine: Record<string, unknown>,
  theirs: Record<string, unknown>,
  label: (path: string) => string,
) => {
  const own = leavesOf(mine);
  const saved = leavesOf(theirs);
  return changedPaths(mine, theirs)
    .filter((name) => Object.hasOwn(own, name))
    .map((name) => ({ name, label: label(name), mine: own[name], theirs: saved[name] }));
};

/**
 * A history's changes with each group opened into its parts (docs/decisions/0036 keeps a group, the settings'
 * quiet hours, as one field): one change per part that differs, under its dotted path, so the history reads
 * «Тихие часы для пушей · С: 22:00 → 23:00», not the group as JSON. Parts that did not change are left out;
 * a group that appears or goes (a creation's null) gives each of its parts from or to nothing.
 */
export const leafChanges = (changes: FieldChange[]): FieldChange[] =>
  changes.flatMap((change) => {
    const { field, before, after } = change;
    if (!isGroup(before) && !isGroup(after)) return [change];
    const was = isGroup(before) ? leavesOf(before, `${field}.`) : {};
    const now = isGroup(after) ? leavesOf(after, `${field}.`) : {};
    const paths = [...new Set([...Object.keys(now), ...Object.keys(was)])];
    return paths
      .filter((path) => !same(was[path], now[path]))
      .map((path) => ({ field: path, before: was[path] ?? null, after: now[path] ?? null }));
  });

/** A history page whose every revision reads part by part (`leafChanges`): its comparisons then go part by part too. */
export const withLeafChanges = (page: RevisionsPage): RevisionsPage => ({
  ...page,
  items: page.items.map((revision) => ({ ...revision, changes: leafChanges(revision.changes) })),
});
