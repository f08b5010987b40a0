import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Db } from '../db/client';
import { prepareBulkLoad, type RunSql, shouldRebuildIndexes } from './bulk-indexes';
import type { Progress } from './progress';
import type { Cell, SeedSource } from './seed-source';
import { quoteIdent, type SeedTarget, setvalSql } from './seed-target';

/** Rows per INSERT; capped below by PostgreSQL's 65 535 bind parameters per statement. */
const BATCH_ROWS = 5000;
const MAX_PARAMS = 65_535;
/** INSERTs per transaction: fewer commits, while a failure loses at most this much work. */
const BATCHES_PER_TRANSACTION = 4;

// Dates go as ISO text: the column type casts them.
const param = (cell: Cell) => (cell instanceof Date ? cell.toISOString() : cell);

/**
 * `INSERT … VALUES ($1, …), (…)` built by hand: for 5 000 rows Drizzle's sql`` builder spends
 * ~3× longer assembling the statement than PGlite spends running it.
 */
function insertStatement(source: SeedSource, rows: readonly (readonly Cell[])[]) {
  const params: unknown[] = [];
  const tuples: string[] = [];
  for (const row of rows) {
    const placeholders: string[] = [];
    for (const cell of row) placeholders.push(`$${params.push(param(cell))}`);
    tuples.push(`(${placeholders.join(', ')})`);
  }
  const columns = source.columns.map(quoteIdent).join(', ');
  return { text: `INSERT INTO ${quoteIdent(source.table)} (${columns}) VALUES ${tuples.join(', ')}`, params };
}

function* batches(source: SeedSource, size: number): Generator<(readonly Cell[])[]> {
  let batch: (readonly Cell[])[] = [];
  for (const row of source.rows) {
    batch.push(row);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Loads with large multi-row INSERTs, a few per transaction (PGlite has no COPY FROM STDIN stream). */
export async function insertInto(client: PGlite, source: SeedSource, progress: Progress): Promise<number> {
  const size = Math.min(BATCH_ROWS, Math.floor(MAX_PARAMS / source.columns.length));
  let loaded = 0;
  let group: (readonly Cell[])[][] = [];
  const flush = async () => {
    const pending = group;
    group = [];
    await client.transaction(async (tx: Transaction) => {
      for (const rows of pending) {
        const { text, params } = insertStatement(source, rows);
        await tx.query(text, params);
        loaded += rows.length;
        progress.advance(rows.length);
      }
    });
  };
  for (const batch of batches(source, size)) {
    group.push(batch);
    if (group.length === BATCHES_PER_TRANSACTION) await flush();
  }
  if (group.length > 0) await flush();
  progress.done();
  return loaded;
}

/**
 * The PGlite instance under Drizzle (`db.$client`, Drizzle's documented escape hatch): the seeder
 * needs positional parameters and PGlite transactions, which the driver-neutral Db type hides.
 */
function pgliteClient(db: Db): PGlite {
  const client = (db as unknown as { $client?: PGlite }).$client;
  if (!client || typeof client.transaction !== 'function') throw new Error('Not a PGlite database');
  return client;
}

export function pgliteTarget(db: Db): SeedTarget {
  const client = pgliteClient(db);
  const run: RunSql = async <T>(text: string) => (await client.query<T>(text)).rows;
  let existingRows = 0;
  return {
    kind: 'pglite',
    async reset(tables) {
      await client.query(`TRUNCATE ${tables.map(quoteIdent).join(', ')} RESTART IDENTITY CASCADE`);
    },
    async maxId(table) {
      const result = await client.query<{ max: number }>(
        `SELECT coalesce(max(id), 0)::int AS max FROM ${quoteIdent(table)}`,
      );
      existingRows = result.rows[0]?.max ?? 0;
      return existingRows;
    },
    async existingEmails(emails) {
      const result = await client.query<{ email: string }>('SELECT email FROM users WHERE email = ANY($1::text[])', [
        emails,
      ]);
      return new Set(result.rows.map((row) => row.email));
    },
    query: run,
    async load(source, progress) {
      if (!shouldRebuildIndexes(source.total, existingRows)) return insertInto(client, source, progress);
      // PGlite commits batch by batch, so no rollback brings the indexes back: `finally` does.
      const rebuild = await prepareBulkLoad(run, source.table);
      try {
        return await insertInto(client, source, progress);
      } finally {
        await rebuild();
      }
    },
    async finish(table) {
      await client.query(setvalSql(table));
      await client.query(`ANALYZE ${quoteIdent(table)}`);
    },
    bulkInsert: (_table, work) => work(),
  };
}
