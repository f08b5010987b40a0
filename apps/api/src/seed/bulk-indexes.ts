import { quoteIdent } from './seed-target';

/** Runs one SQL statement and returns its rows; each engine's target supplies it. */
export type RunSql = <T>(text: string) => Promise<T[]>;

/** Below this many rows, maintaining the indexes row by row is cheaper than rebuilding them. */
const REBUILD_FROM_ROWS = 50_000;

export function shouldRebuildIndexes(newRows: number, existingRows: number): boolean {
  return newRows >= REBUILD_FROM_ROWS && newRows >= existingRows;
}

const regclass = (table: string) => `'${quoteIdent(table).replaceAll("'", "''")}'::regclass`;

interface Definition {
  name: string;
  definition: string;
}

interface IndexDefinition extends Definition {
  /**
   * `ALTER INDEX … SET STATISTICS` for a column the migrations gave its own statistics target (0051:
   * the name filter's expression index): `pg_get_indexdef` leaves it out, and without it a rebuilt
   * index plans that filter from the default sample.
   */
  statistics: string[];
}

/** An index's definition, then its columns' statistics targets: the statements that put it back. */
export const rebuildStatements = (index: IndexDefinition): string[] => [index.definition, ...index.statistics];

/** The table's indexes that back no constraint (the primary key, which foreign keys use, stays), as the catalogue defines them. */
const secondaryIndexes = (run: RunSql, table: string, options: BulkLoadOptions = {}) =>
  run<IndexDefinition>(
    `SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS definition,
            ARRAY(SELECT format('ALTER INDEX %I ALTER COLUMN %s SET STATISTICS %s', i.relname, a.attnum, a.attstattarget)
                    FROM pg_attribute a WHERE a.attrelid = x.indexrelid AND a.attstattarget >= 0 ORDER BY a.attnum)
              AS statistics
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
      WHERE x.indrelid = ${regclass(table)}
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
        ${options.keepUnique ? 'AND NOT x.indisunique' : ''}`,
  );

/** The table's own foreign keys (`ALTER TABLE … ADD CONSTRAINT name definition` puts one back). */
const foreignKeys = (run: RunSql, table: string) =>
  run<Definition>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE conrelid = ${regclass(table)} AND contype = 'f' ORDER BY conname`,
  );

const addKey = (table: string, key: Definition) =>
  `ALTER TABLE ${quoteIdent(table)} ADD CONSTRAINT ${quoteIdent(key.name)} ${key.definition}`;

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
  const indexes = await secondaryIndexes(run, table, options);
  for (const index of indexes) await run(`DROP INDEX ${quoteIdent(index.name)}`);
  return async () => {
    for (const index of indexes) for (const text of rebuildStatements(index)) await run(text);
  };
}

/**
 * Drops the table's own foreign keys and returns a function that adds them back. A foreign key
 * checks every copied row with one lookup (and a row lock) in the referenced table: 5 000 000
 * transactions made 10 000 000 such lookups. Adding the key back checks all rows in one join.
 */
export async function dropForeignKeys(run: RunSql, table: string): Promise<() => Promise<void>> {
  const keys = await foreignKeys(run, table);
  for (const key of keys) await run(`ALTER TABLE ${quoteIdent(table)} DROP CONSTRAINT ${quoteIdent(key.name)}`);
  return async () => {
    for (const key of keys) await run(addKey(table, key));
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

/**
 * What the parallel seed (seed-parallel.ts) took off a table, as statements to run on any connection:
 * each index's own definition, and each foreign key added `NOT VALID` (a moment's lock) and then
 * validated (one join, which other connections' validations and reads do not wait for).
 */
export interface TakenOff {
  table: string;
  indexes: IndexDefinition[];
  addKeys: string[];
  validateKeys: string[];
}

/**
 * Takes the foreign keys and secondary indexes off for a load on several connections. Unlike
 * `prepareBulkLoad` this is committed before the load, so a run that fails in between leaves the table
 * without them: the parallel mode is for an empty database, which a failed run leaves to be recreated.
 */
export async function takeOff(run: RunSql, table: string, options: BulkLoadOptions = {}): Promise<TakenOff> {
  const keys = await foreignKeys(run, table);
  const indexes = await secondaryIndexes(run, table, options);
  for (const key of keys) await run(`ALTER TABLE ${quoteIdent(table)} DROP CONSTRAINT ${quoteIdent(key.name)}`);
  for (const index of indexes) await run(`DROP INDEX ${quoteIdent(index.name)}`);
  return {
    table,
    indexes,
    addKeys: keys.map((key) => `${addKey(table, key)} NOT VALID`),
    validateKeys: keys.map((key) => `ALTER TABLE ${quoteIdent(table)} VALIDATE CONSTRAINT ${quoteIdent(key.name)}`),
  };
}
