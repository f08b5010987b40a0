import type { FieldChange } from '@pult/contract';

/** A kept value as one line of text: lists joined, nothing as a dash, anything else as JSON. */
export const revisionValue = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(revisionValue).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** The changes a history shows: each field once, in the order the server kept them. */
export const shownChanges = (changes: FieldChange[]) =>
  changes.map((change) => ({ ...change, before: revisionValue(change.before), after: revisionValue(change.after) }));
