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
}

/** Double-quotes an identifier; generators pass fixed names, this keeps any name safe anyway. */
export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export const setvalSql = (table: string) =>
  `SELECT setval(pg_get_serial_sequence('${table.replaceAll("'", "''")}', 'id'), coalesce(max(id), 0) + 1, false) FROM ${quoteIdent(table)}`;
