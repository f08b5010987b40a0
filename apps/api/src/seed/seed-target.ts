import type { BulkLoadOptions } from './bulk-indexes';
import type { Progress } from './progress';
import type { SeedSource } from './seed-source';

/**
 * The few database operations a seed run needs, implemented once per engine: COPY on PostgreSQL
 * (load-postgres.ts), batched multi-row INSERTs on PGlite (load-pglite.ts).
 */
export interface SeedTarget {
  kind: 'postgres' | 'pglite';
  /** Empties the tables and everything that references them, and restarts their ids. */
  reset(tables: readonly string[]): Promise<void>;
  /** The largest id in the table, 0 when empty: appended rows continue after it. */
  maxId(table: string): Promise<number>;
  /** Which of these users' e-mails are already taken (staff accounts are created once). */
  existingEmails(emails: readonly string[]): Promise<Set<string>>;
  /** Reads for the later seeders (plans, the user pool); the SQL is the seeder's own, never user input. */
  query<T>(text: string): Promise<T[]>;
  load(source: SeedSource, progress: Progress): Promise<number>;
  /** After explicit ids: move the table's id sequence past them, and refresh planner statistics. */
  finish(table: string): Promise<void>;
  /**
   * Runs a set-based `INSERT … SELECT` stage into `table`. On PostgreSQL, when the table starts
   * empty, its foreign keys and secondary indexes come off first and go back after (each checked
   * row of a foreign key takes a lock on the referenced row: three per user for the agreements),
   * with the session's memory for sorts raised; PGlite runs `work` as is.
   */
  bulkInsert<T>(table: string, work: () => Promise<T>, options?: BulkLoadOptions): Promise<T>;
  /**
   * PostgreSQL only: inserts rows PostgreSQL generates itself (sql-users.ts, sql-billing.ts), one
   * `INSERT … SELECT` per chunk, with the same index and key handling as `load`. PGlite has none:
   * its seeds stay on the TypeScript generators.
   */
  generate?(table: string, chunks: readonly SqlChunk[], progress: Progress): Promise<number>;
}

/** One `INSERT … SELECT` of generated rows, and how many rows it writes. */
export interface SqlChunk {
  sql: string;
  rows: number;
}

/** Rows per generated chunk: big enough that a statement's own cost vanishes, small enough to share out. */
export const CHUNK_ROWS = 250_000;

/** The ids `firstId … firstId + count − 1` cut into chunks, each one statement from `make(from, to)` (inclusive). */
export function sqlChunks(firstId: number, count: number, make: (from: number, to: number) => string): SqlChunk[] {
  const chunks: SqlChunk[] = [];
  for (let from = firstId; from < firstId + count; from += CHUNK_ROWS) {
    const to = Math.min(from + CHUNK_ROWS, firstId + count) - 1;
    chunks.push({ sql: make(from, to), rows: to - from + 1 });
  }
  return chunks;
}

/** Double-quotes an identifier; generators pass fixed names, this keeps any name safe anyway. */
export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export const setvalSql = (table: string) =>
  `SELECT setval(pg_get_serial_sequence('${table.replaceAll("'", "''")}', 'id'), coalesce(max(id), 0) + 1, false) FROM ${quoteIdent(table)}`;
