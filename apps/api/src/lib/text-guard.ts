/**
 * Text PostgreSQL cannot store: a NUL character is refused by `text` columns and by the wire
 * protocol, and a lone UTF-16 surrogate cannot be encoded as UTF-8. Both used to reach the database
 * and answer 500; they are refused at the edge instead, whatever field they arrive in.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL character is exactly what is looked for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

/** The path (`where.email`, `items.2`) of the first string in `value` that cannot be stored, if any. */
export function findUnstorableText(value: unknown, path: string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path;
  if (depth > 32 || value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return [...path, key];
    const found = findUnstorableText(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}
