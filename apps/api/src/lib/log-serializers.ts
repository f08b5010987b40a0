/**
 * The `err` serializer of the server log. A failed query must never write its parameter values:
 * they include password hashes, token hashes and personal data. Drizzle's DrizzleQueryError puts
 * them in `params` and in its message ("Failed query: … params: …"), so both are rewritten; the
 * PostgreSQL error under it keeps its code and message but loses `detail`/`where`, which quote row
 * values ("Failing row contains (…)", "Key (email)=(…) already exists").
 */
const DROPPED = new Set(['params', 'detail', 'where', 'internalQuery']);

export function serializeError(value: unknown, depth = 0): unknown {
  if (!(value instanceof Error) || depth > 5) return value;
  const isQueryError = 'query' in value && 'params' in value;
  const message = isQueryError ? `Failed query: ${String((value as { query: unknown }).query)}` : value.message;
  const out: Record<string, unknown> = {
    type: value.constructor?.name ?? 'Error',
    message,
    stack: isQueryError && value.stack ? value.stack.replace(value.message, message) : value.stack,
  };
  for (const [key, field] of Object.entries(value)) {
    if (DROPPED.has(key) || key === 'cause') continue;
    out[key] = field;
  }
  if (value.cause !== undefined) out.cause = serializeError(value.cause, depth + 1);
  return out;
}
