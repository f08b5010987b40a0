import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Progress } from './progress';
import type { Cell, SeedSource } from './seed-source';
import { quoteIdent, type SeedTarget, setvalSql } from './seed-target';

/** Rows per INSERT; capped below by PostgreSQL's 65 535 bind parameters per statement. */
const BATCH_ROWS = 5000;
const MAX_PARAMS = 65_535;
/** INSERTs per transaction: fewer commits, while a failure loses at most this much work. */
const BATCHES_PER_TRANSACTION = 4;

// Dates go as ISO text: the column type casts them, the same on every driver.
const param = (cell: Cell) => (cell instanceof Date ? cell.toISOString() : cell);

function insertStatement(source: SeedSource, rows: readonly (readonly Cell[])[]): SQL {
  const head = `INSERT INTO ${quoteIdent(source.table)} (${source.columns.map(quoteIdent).join(', ')}) VALUES `;
  const tuples = rows.map(
    (row) =>
      sql`(${sql.join(
        row.map((cell) => sql`${param(cell)}`),
        sql`, `,
      )})`,
  );
  return sql`${sql.raw(head)}${sql.join(tuples, sql`, `)}`;
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

/** Loads with large multi-row INSERTs: PGlite has no COPY FROM STDIN stream to feed. */
export async function insertInto(db: Db, source: SeedSource, progress: Progress): Promise<number> {
  const size = Math.min(BATCH_ROWS, Math.floor(MAX_PARAMS / source.columns.length));
  let loaded = 0;
  let group: (readonly Cell[])[][] = [];
  const flush = async () => {
    const pending = group;
    group = [];
    await db.transaction(async (tx) => {
      for (const rows of pending) await tx.execute(insertStatement(source, rows));
    });
    for (const rows of pending) {
      loaded += rows.length;
      progress.advance(rows.length);
    }
  };
  for (const batch of batches(source, size)) {
    group.push(batch);
    if (group.length === BATCHES_PER_TRANSACTION) await flush();
  }
  if (group.length > 0) await flush();
  progress.done();
  return loaded;
}

export function pgliteTarget(db: Db): SeedTarget {
  // Db is typed over both drivers, so execute() returns unknown; PGlite answers `{ rows }`.
  const rows = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  return {
    kind: 'pglite',
    async reset(tables) {
      await db.execute(sql.raw(`TRUNCATE ${tables.map(quoteIdent).join(', ')} RESTART IDENTITY CASCADE`));
    },
    async maxId(table) {
      const [row] = await rows<{ max: number }>(
        sql.raw(`SELECT coalesce(max(id), 0)::int AS max FROM ${quoteIdent(table)}`),
      );
      return row?.max ?? 0;
    },
    async existingEmails(emails) {
      if (emails.length === 0) return new Set();
      const list = sql.join(
        emails.map((email) => sql`${email}`),
        sql`, `,
      );
      const found = await rows<{ email: string }>(sql`SELECT email FROM users WHERE email IN (${list})`);
      return new Set(found.map((row) => row.email));
    },
    load: (source, progress) => insertInto(db, source, progress),
    async finish(table) {
      await db.execute(sql.raw(setvalSql(table)));
      await db.execute(sql.raw(`ANALYZE ${quoteIdent(table)}`));
    },
  };
}
