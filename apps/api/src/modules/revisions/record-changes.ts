import type { FieldChange } from '@pult/contract';
import { badRequest } from '../../lib/http-errors';
import type { RecordState } from './versioned-resource';

/** A state as JSON holds it (dates as ISO strings), so equal values compare equal whatever their type. */
export const asJson = (state: RecordState): RecordState => JSON.parse(JSON.stringify(state)) as RecordState;

/** An object's keys in one order, at every depth: jsonb keeps its own order (by length), a record its schema's. */
const sortedKeys = (_key: string, value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : value;

/**
 * Whether two kept values are the same, whatever the order of their keys: a group read back from a revision
 * (jsonb: `{ end, start, enabled }`) equals the same group read from its record (`{ enabled, start, end }`).
 */
export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a, sortedKeys) === JSON.stringify(b, sortedKeys);
const same = sameValue;

/**
 * The fields that differ between two states of a record, in the order of the new one. `before` null is
 * a creation: every field, from null. A field `before` does not know (a record older than its history,
 * whose audit event kept only part of it) is left out rather than guessed.
 */
export function recordChanges(before: RecordState | null, after: RecordState): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const [field, value] of Object.entries(after)) {
    if (before === null) {
      changes.push({ field, before: null, after: value });
      continue;
    }
    if (!Object.hasOwn(before, field)) continue;
    if (!same(before[field], value)) changes.push({ field, before: before[field] ?? null, after: value });
  }
  return changes;
}

/**
 * The part of a kept state a record's update accepts, parsed by that update's schema: a state the
 * rules no longer accept is a 400 for the restore, never a 500.
 */
export function restorable<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  state: RecordState,
  fields: readonly string[],
): T {
  const picked = Object.fromEntries(fields.filter((field) => Object.hasOwn(state, field)).map((f) => [f, state[f]]));
  const parsed = schema.safeParse(picked);
  if (!parsed.success) throw badRequest('VALIDATION_FAILED', 'The kept version no longer passes the rules');
  return parsed.data;
}
