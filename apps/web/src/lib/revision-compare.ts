import type { FieldChange, Revision } from '@pult/contract';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What differs between the record right after one revision and right after another, from a history (newest
 * first) that holds both: a field differs only if a revision between them changed it, its value after the
 * older is the `before` of the first such change, and after the newer the `after` of the last. No state is
 * fetched. A field changed and changed back in between is the same in both and left out. Answers the
 * fields in the order they were first changed, `before` from the older revision whichever was picked first.
 */
export function compareRevisions(history: readonly Revision[], oneId: number, otherId: number): FieldChange[] {
  const one = history.findIndex((revision) => revision.id === oneId);
  const other = history.findIndex((revision) => revision.id === otherId);
  if (one < 0 || other < 0) return [];
  const [newer, older] = one < other ? [one, other] : [other, one];
  const fields = new Map<string, FieldChange>();
  // The revisions after the older one up to the newer one, oldest first.
  for (let index = older - 1; index >= newer; index--) {
    for (const change of history[index]?.changes ?? []) {
      const seen = fields.get(change.field);
      if (seen) seen.after = change.after;
      else fields.set(change.field, { ...change });
    }
  }
  return [...fields.values()].filter((change) => !same(change.before, change.after));
}
