import type { Db } from '../db/client';

const byDb = new WeakMap<Db, Map<string, unknown>>();

/**
 * A query prepared once per database under `name` (a named statement on PostgreSQL, parsed and
 * planned once per connection; Drizzle's SQL built once on both engines). For the hot, fixed shapes
 * only: each name must always stand for the same SQL text, and the set of names must be finite.
 */
export function preparedOnce<T>(db: Db, name: string, prepare: () => T): T {
  let queries = byDb.get(db);
  if (!queries) {
    queries = new Map();
    byDb.set(db, queries);
  }
  let query = queries.get(name) as T | undefined;
  if (query === undefined) {
    query = prepare();
    queries.set(name, query);
  }
  return query;
}
