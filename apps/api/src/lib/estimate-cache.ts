import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

const dialect = new PgDialect();

/**
 * Row estimates remembered per database and per statement (text and values) for `ttlMs`. Keyed by
 * the database object, so tests' databases never see each other's figures; bounded, so arbitrary
 * filters cannot grow it without limit (when full it starts over).
 */
export class EstimateCache {
  private readonly byDb = new WeakMap<Db, Map<string, { value: number; until: number }>>();

  constructor(private readonly options: { ttlMs: number; maxEntries: number }) {}

  /** The statement as PostgreSQL would get it: equal keys, equal plans. */
  keyOf(statement: SQL): string {
    const { sql, params } = dialect.sqlToQuery(statement);
    return `${sql}\u0000${JSON.stringify(params)}`;
  }

  get(db: Db, key: string, now = Date.now()): number | undefined {
    const entries = this.byDb.get(db);
    if (!entries) return undefined;
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.until > now) return entry.value;
    entries.delete(key);
    return undefined;
  }

  set(db: Db, key: string, value: number, now = Date.now()): void {
    let entries = this.byDb.get(db);
    if (!entries) {
      entries = new Map();
      this.byDb.set(db, entries);
    }
    if (entries.size >= this.options.maxEntries) entries.clear();
    entries.set(key, { value, until: now + this.options.ttlMs });
  }
}
