import type { Db } from '../../db/client';

/**
 * Reads of the stored rollups (the days before today in `dashboard_daily`, the retained snapshot,
 * `mrr_daily`), kept per database until the rollup job writes again. Only the job's runs (and a
 * repair or rebuild, which touch the marks too) change those rows, and each writes `dashboard_freshness`
 * in the same transaction, which gives its rows a new `xmin`: a request reads that mark first and
 * reuses what an earlier request read under the same mark. Today's live rows are never kept here.
 */
const MAX_ENTRIES = 256;
const caches = new WeakMap<Db, { mark: string; values: Map<string, Promise<unknown>> }>();

export function storedRead<T>(db: Db, mark: string, key: string, read: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache || cache.mark !== mark) {
    cache = { mark, values: new Map() };
    caches.set(db, cache);
  }
  const values = cache.values;
  const hit = values.get(key);
  if (hit) return hit as Promise<T>;
  // Ranges are the callers' (a year of days at most), so a burst of odd ranges only starts the map over.
  if (values.size >= MAX_ENTRIES) values.clear();
  const value = read();
  values.set(key, value);
  value.catch(() => values.delete(key));
  return value;
}
