import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ImportRowError, ImportState, ImportUpdate } from '@pult/contract';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type Db, queryRows } from '../../db/client';
import { pgPoolOf } from '../../db/copy-out';
import { importRows, imports } from '../../db/schema';
import { copyTextRow } from '../../seed/copy-text';

export type ImportRow = typeof imports.$inferSelect;
export type NewImport = typeof imports.$inferInsert;

/** One row of the file as staged: its number, key and values, or what is wrong with it, and its cells. */
export interface StagedRow {
  row: number;
  key: string | null;
  data: Record<string, unknown> | null;
  cells: string[];
  errors: Array<{ field: string; code: string }> | null;
}

export interface StagedCounts {
  valid: number;
  invalid: number;
  toUpdate: number;
  unchanged: number;
}

const json = (value: unknown) => (value === null ? null : JSON.stringify(value));

/**
 * Ids for `count` new records of `table`, taken from its own sequence now: a valid row is staged
 * with the id its record will get (`record_id`), so the insert names it and no statement has to pair
 * the new records with their rows afterwards (decision 0042). Ids of rows refused later are gaps, as a
 * rolled-back insert leaves. They come back as runs (first id, how many): one run unless another
 * session took ids meanwhile. (As a list, 20,000 ids a batch were 20,000 strings parsed from the array's
 * text, kept for the batch's COPY and so moved to V8's old generation: megabytes of garbage a batch.)
 */
async function reserveIds(db: Db, table: string, count: number): Promise<ReservedIds> {
  if (count === 0) return new ReservedIds([]);
  const runs = await queryRows<{ first: number | string; n: number }>(
    db,
    sql`WITH ids AS (
          SELECT nextval(s.seq) AS id
          FROM (SELECT pg_get_serial_sequence(${table}, 'id')::regclass AS seq) AS s, generate_series(1, ${count})),
        runs AS (SELECT id, id - row_number() OVER (ORDER BY id) AS run FROM ids)
        SELECT min(id) AS first, count(*)::int AS n FROM runs GROUP BY run ORDER BY 1`,
  );
  return new ReservedIds(runs.map((run) => ({ first: Number(run.first), n: run.n })));
}

/** Reserved ids as runs of consecutive ids, handed out one by one. */
export class ReservedIds {
  private run = 0;
  private offset = 0;
  constructor(private readonly runs: ReadonlyArray<{ first: number; n: number }>) {}

  /** The next id, or undefined when all are taken. */
  next(): number | undefined {
    const run = this.runs[this.run];
    if (!run) return undefined;
    const id = run.first + this.offset;
    if (++this.offset === run.n) {
      this.run++;
      this.offset = 0;
    }
    return id;
  }
}

/** The buffers a batch's COPY text is written into: 256 kB each, reused from batch to batch. */
const CHUNK_BYTES = 256 * 1024;
const spareChunks: Buffer[] = [];
/** Two batches are alive at once (one written while the next is read): a few MB of spares is plenty. */
const MAX_SPARE_CHUNKS = 48;

function takeChunk(atLeast: number): Buffer {
  if (atLeast <= CHUNK_BYTES) {
    const spare = spareChunks.pop();
    if (spare) return spare;
  }
  return Buffer.allocUnsafeSlow(Math.max(CHUNK_BYTES, atLeast));
}

/**
 * A batch of staged rows on its way to `import_rows`. For PostgreSQL each row becomes its line of
 * COPY text as it is added (all its columns but the record id, which is reserved when the batch is
 * written), encoded at once into a few reused 256 kB buffers. Rows kept as objects (row, cells,
 * data, key: ~250 bytes a code) or as a string each (~40 bytes) lived as long as the batch, long
 * enough for V8's scavenges to move every one of them to the old generation, where a million of them
 * piled up as garbage until a full collection: +220 MB of old space during a 1M-code import, most of
 * its RSS growth (decision 0042, memory). Bytes in reused buffers are never garbage, and each row's own
 * strings die young. PGlite takes the rows as they are (one JSON parameter).
 */
export class StagedBatch {
  private readonly rows: StagedRow[] = [];
  private readonly chunks: Buffer[] = [];
  /** The buffers copyText wrote the lines with their ids into (given back by release()). */
  private readonly outs: Buffer[] = [];
  /** Per row: the chunk its line is in and where the line ends there (its start is the previous line's end, or 0). */
  private lineChunk = new Int32Array(1024);
  private lineEnd = new Int32Array(1024);
  /** Per row: valid (it gets a record id) or not. */
  private validity = new Uint8Array(1024);
  private count = 0;
  private used = 0;
  private total = 0;
  valid = 0;

  constructor(
    readonly importId: number,
    private readonly asCopyText: boolean,
  ) {}

  get length(): number {
    return this.count;
  }

  /** The COPY text held, in bytes (a batch of wide rows is written before it has its count of rows). */
  get bytes(): number {
    return this.total;
  }

  private grow(): void {
    const size = this.lineEnd.length * 2;
    const chunk = new Int32Array(size);
    chunk.set(this.lineChunk);
    this.lineChunk = chunk;
    const end = new Int32Array(size);
    end.set(this.lineEnd);
    this.lineEnd = end;
    const validity = new Uint8Array(size);
    validity.set(this.validity);
    this.validity = validity;
  }

  add(row: StagedRow): void {
    const ok = row.errors === null;
    if (this.count === this.lineEnd.length) this.grow();
    this.validity[this.count] = ok ? 1 : 0;
    if (ok) this.valid++;
    if (!this.asCopyText) {
      this.rows.push(row);
      this.count++;
      return;
    }
    const line = copyTextRow([
      this.importId,
      row.row,
      row.key,
      json(row.data),
      JSON.stringify(row.cells),
      json(row.errors),
    ]);
    const size = Buffer.byteLength(line);
    let chunk = this.chunks.at(-1);
    if (!chunk || chunk.length - this.used < size) {
      chunk = takeChunk(size);
      this.chunks.push(chunk);
      this.used = 0;
    }
    chunk.write(line, this.used);
    // Without its newline: the record id goes after it.
    this.used += size;
    this.total += size;
    this.lineChunk[this.count] = this.chunks.length - 1;
    this.lineEnd[this.count] = this.used - 1;
    this.count++;
  }

  /**
   * The lines with their record ids, in buffers of ~256 kB from the same spares: the batch keeps them
   * until release(), called once its COPY has ended (PostgreSQL has read every byte by then), so no
   * buffer is reused while the connection may still hold it, and none is left as garbage.
   */
  *copyText(ids: ReservedIds): Generator<Buffer> {
    let out = takeChunk(CHUNK_BYTES);
    this.outs.push(out);
    let at = 0;
    let start = 0;
    for (let index = 0; index < this.count; index++) {
      const chunk = this.chunks[this.lineChunk[index] ?? 0] as Buffer;
      if (index > 0 && this.lineChunk[index] !== this.lineChunk[index - 1]) start = 0;
      const end = this.lineEnd[index] ?? 0;
      const id = this.validity[index] ? ids.next() : undefined;
      const tail = `\t${id === undefined ? '\\N' : id}\n`;
      const size = end - start + tail.length;
      if (out.length - at < size) {
        if (at > 0) yield out.subarray(0, at);
        out = takeChunk(size);
        this.outs.push(out);
        at = 0;
      }
      at += chunk.copy(out, at, start, end);
      at += out.write(tail, at, 'latin1');
      start = end + 1;
    }
    if (at > 0) yield out.subarray(0, at);
  }

  /** Gives the batch's buffers back for the next batches; the batch is empty after. */
  release(): void {
    for (const chunk of [...this.chunks, ...this.outs])
      if (chunk.length === CHUNK_BYTES && spareChunks.length < MAX_SPARE_CHUNKS) spareChunks.push(chunk);
    this.chunks.length = 0;
    this.outs.length = 0;
    this.count = 0;
    this.total = 0;
    this.used = 0;
    this.valid = 0;
    this.rows.length = 0;
  }

  /** The rows with their record ids (PGlite). */
  withIds(ids: ReservedIds): Array<StagedRow & { recordId: number | null }> {
    return this.rows.map((row, index) => ({ ...row, recordId: this.validity[index] ? (ids.next() ?? null) : null }));
  }
}

/** One COPY of a batch's lines. */
async function copyRows(pool: pg.Pool, batch: StagedBatch, ids: ReservedIds): Promise<void> {
  const client = await pool.connect();
  try {
    const copy = client.query(
      copyFrom('COPY import_rows (import_id, row, key, data, cells, errors, record_id) FROM STDIN'),
    );
    await pipeline(Readable.from(batch.copyText(ids)), copy);
    client.release();
  } catch (error) {
    // A COPY cut off half-way leaves the connection in no state to reuse.
    client.release(error as Error);
    throw error;
  }
}

/** The refusals (and the updates) GET /imports/{id} shows; errors.csv has all the refusals. */
const SHOWN_ERRORS = 1000;

export const importsRepository = {
  insert: async (db: Db, values: NewImport): Promise<ImportRow> => {
    const [row] = await db.insert(imports).values(values).returning();
    if (!row) throw new Error('import insert returned nothing');
    return row;
  },

  find: async (db: Db, id: number): Promise<ImportRow | undefined> => {
    const [row] = await db.select().from(imports).where(eq(imports.id, id));
    return row;
  },

  /** Locks the import for an undo, so two undos (or an undo and a late batch) never interleave. */
  findForUpdate: async (db: Db, id: number): Promise<ImportRow | undefined> => {
    const [row] = await db.select().from(imports).where(eq(imports.id, id)).for('update');
    return row;
  },

  update: async (db: Db, id: number, values: Partial<NewImport>): Promise<void> => {
    await db.update(imports).set(values).where(eq(imports.id, id));
  },

  /** Moves a queued or running import to `values` (a cancel, the end); false when it was already elsewhere. */
  settle: async (db: Db, id: number, values: Partial<NewImport>): Promise<boolean> => {
    const rows = await db
      .update(imports)
      .set(values)
      .where(and(eq(imports.id, id), inArray(imports.status, ['queued', 'running'])))
      .returning({ id: imports.id });
    return rows.length > 0;
  },

  clearRows: async (db: Db, importId: number): Promise<void> => {
    await db.delete(importRows).where(eq(importRows.importId, importId));
  },

  /** Rows a dry run checked and found valid: nothing will read them again but the updates it shows. */
  dropValidRows: async (db: Db, importId: number): Promise<void> => {
    await db.execute(sql`DELETE FROM import_rows WHERE import_id = ${importId} AND errors IS NULL
      AND (existing_id IS NULL OR changes = '[]'::jsonb)`);
  },

  /**
   * A batch of staged rows, each valid one with the id its record will have in `table` (none in a
   * dry run): on PostgreSQL one COPY (text format, no parameters to bind, no JSON document to take
   * apart: several times the rows per second of the INSERT); on PGlite one INSERT with one JSON
   * parameter whatever the batch's size.
   */
  stage: async (db: Db, batch: StagedBatch, table: string | null): Promise<void> => {
    if (batch.length === 0) return;
    // A dry run creates nothing: its rows reserve no ids.
    const ids = table === null ? new ReservedIds([]) : await reserveIds(db, table, batch.valid);
    const pool = pgPoolOf(db);
    if (pool) {
      try {
        return await copyRows(pool, batch, ids);
      } finally {
        batch.release();
      }
    }
    await db.execute(sql`INSERT INTO import_rows (import_id, row, key, data, cells, errors, record_id)
      SELECT ${batch.importId}, u.row, u.key, u.data, u.cells, u.errors, u."recordId"
      FROM jsonb_to_recordset(${JSON.stringify(batch.withIds(ids))}::jsonb)
        AS u(row int, key text, data jsonb, cells jsonb, errors jsonb, "recordId" bigint)`);
  },

  /** How many staged rows are valid and how many are not; of the valid, how many would update a record or match one unchanged. */
  counts: async (db: Db, importId: number): Promise<StagedCounts> => {
    const [row] = await queryRows<StagedCounts>(
      db,
      sql`SELECT count(*) FILTER (WHERE errors IS NULL)::int AS valid, count(*) FILTER (WHERE errors IS NOT NULL)::int AS invalid,
            count(*) FILTER (WHERE errors IS NULL AND existing_id IS NOT NULL AND changes <> '[]'::jsonb)::int AS "toUpdate",
            count(*) FILTER (WHERE errors IS NULL AND existing_id IS NOT NULL AND changes = '[]'::jsonb)::int AS unchanged
          FROM import_rows WHERE import_id = ${importId}`,
    );
    return {
      valid: row?.valid ?? 0,
      invalid: row?.invalid ?? 0,
      toUpdate: row?.toUpdate ?? 0,
      unchanged: row?.unchanged ?? 0,
    };
  },

  /** The first rows that update (or would update) a record, in row order, with what they change. */
  updates: async (db: Db, importId: number): Promise<ImportUpdate[]> => {
    const rows = await db
      .select({ row: importRows.row, recordId: importRows.existingId, changes: importRows.changes })
      .from(importRows)
      .where(
        and(
          eq(importRows.importId, importId),
          isNotNull(importRows.existingId),
          isNull(importRows.errors),
          sql`${importRows.changes} <> '[]'::jsonb`,
        ),
      )
      .orderBy(asc(importRows.row))
      .limit(SHOWN_ERRORS);
    return rows.map((row) => ({
      row: row.row,
      recordId: row.recordId ?? 0,
      changes: (row.changes ?? []) as ImportUpdate['changes'],
    }));
  },

  /** The first refusals in row order, one per field. */
  errors: async (db: Db, importId: number): Promise<ImportRowError[]> => {
    const rows = await db
      .select({ row: importRows.row, errors: importRows.errors })
      .from(importRows)
      .where(and(eq(importRows.importId, importId), isNotNull(importRows.errors)))
      .orderBy(asc(importRows.row))
      .limit(SHOWN_ERRORS);
    return rows
      .flatMap((row) => (row.errors ?? []).map((error) => ({ row: row.row, ...error })))
      .slice(0, SHOWN_ERRORS) as ImportRowError[];
  },

  /** Every refused row with its cells, in row order, a page at a time (errors.csv streams them). */
  refusedPage: async (db: Db, importId: number, afterRow: number, take: number) =>
    db
      .select({ row: importRows.row, cells: importRows.cells, errors: importRows.errors })
      .from(importRows)
      .where(and(eq(importRows.importId, importId), isNotNull(importRows.errors), sql`${importRows.row} > ${afterRow}`))
      .orderBy(asc(importRows.row))
      .limit(take),

  progress: async (db: Db, ids: readonly number[]) =>
    db
      .select({
        id: imports.id,
        imported: imports.imported,
        valid: imports.valid,
        unchanged: imports.unchanged,
        total: imports.total,
        phase: imports.phase,
      })
      .from(imports)
      .where(inArray(imports.id, [...ids])),
};

/** The API's view of an import. */
export function toImportState(row: ImportRow, errors: ImportRowError[], updates: ImportUpdate[]): ImportState {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    dryRun: row.dryRun,
    onInvalid: row.onInvalid,
    onExisting: row.onExisting,
    seriesId: row.seriesId,
    fileName: row.fileName,
    format: row.format,
    encoding: row.encoding,
    delimiter: row.delimiter,
    columns: row.columns,
    mapping: row.mapping,
    total: row.total,
    valid: row.valid,
    invalid: row.invalid,
    imported: row.imported,
    toUpdate: row.toUpdate,
    unchanged: row.unchanged,
    updated: row.updated,
    updates,
    errors,
    failure: row.failure,
    undoRefusals: row.undoRefusals,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
