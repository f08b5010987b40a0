import { quoteIdent } from './seed-target';

/** Runs one SQL statement and returns its rows; each engine's target supplies it. */
export type RunSql = <T>(text: string) => Promise<T[]>;

/** Below this many rows, maintaining the indexes row by row is cheaper than rebuilding them. */
const REBUILD_FROM_ROWS = 50_000;

export function shouldRebuildIndexes(newRows: number, existingRows: number): boolean {
  return newRows >= REBUILD_FROM_ROWS && newRows >= existingRows;
}

const regclass = (table: string) => `'${quoteIdent(table).replaceAll("'", "''")}'::regclass`;

/**
 * Drops the table's secondary indexes and returns a function that recreates them. Building a
 * trigram GIN index once over 1 000 000 rows takes seconds; updating it per copied row made the
 * seed 5× slower. Indexes backing constraints (the primary key that foreign keys use) stay.
 * Run inside a transaction: if anything fails, the indexes come back with the rollback.
 */
export async function dropSecondaryIndexes(
  run: RunSql,
  table: string,
  options: BulkLoadOptions = {},
): Promise<() => Promise<void>> {
  const indexes = await run<{ name: string; definition: string }>(
    `SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS definition
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
      WHERE x.indrelid = ${regclass(table)}
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
        ${options.keepUnique ? 'AND NOT x.indisunique' : ''}`,
  );
  for (const index of indexes) await run(`DROP INDEX ${quoteIdent(index.name)}`);
  return async () => {
    for (const index of indexes) await run(index.definition);
  };
}

/**
 * Drops the table's own foreign keys and returns a function that adds them back. A foreign key
 * checks every copied row with one lookup (and a row lock) in the referenced table: 5 000 000
 * transactions made 10 000 000 such lookups. Adding the key back checks all rows in one join.
 */
export async function dropForeignKeys(run: RunSql, table: string): Promise<() => Promise<void>> {
  const keys = await run<{ name: string; definition: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE conrelid = ${regclass(table)} AND contype = 'f' ORDER BY conname`,
  );
  for (const key of keys) await run(`ALTER TABLE ${quoteIdent(table)} DROP CONSTRAINT ${quoteIdent(key.name)}`);
  return async () => {
    for (const key of keys) {
      await run(`ALTER TABLE ${quoteIdent(table)} ADD CONSTRAINT ${quoteIdent(key.name)} ${key.definition}`);
    }
  };
}

export interface BulkLoadOptions {
  /** Leaves unique indexes in place: an `INSERT … ON CONFLICT` names them. */
  keepUnique?: boolean;
}

/** Both of the above: what a bulk load takes off a table first and puts back afterwards, indexes first. */
export async function prepareBulkLoad(
  run: RunSql,
  table: string,
  options: BulkLoadOptions = {},
): Promise<() => Promise<void>> {
  const restoreKeys = await dropForeignKeys(run, table);
  const rebuildIndexes = await dropSecondaryIndexes(run, table, options);
  return async () => {
    await rebuildIndexes();
    await restoreKeys();
  };
}
