import type { Readable } from 'node:stream';
import { type ImportKind, importFields } from '@pult/contract';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { pgPoolOf } from '../../../db/copy-out';
import { tgCategories } from '../../../db/schema';
import type { Storage } from '../../../storage/storage';
import type { JobControl } from '../../jobs';
import type { CsvDelimiter } from '../file/csv-rows';
import { type OpenedFile, openRows, UnreadableFileError } from '../file/read-rows';
import type { ImportEncoding } from '../file/sniff';
import { type ImportRow, importsRepository as repo, StagedBatch } from '../imports-repository';
import { applyMapping, guessMapping } from '../rules/guess-mapping';
import { kindSql, markDuplicates, markExisting, markTaken } from '../rules/kind-sql';
import { type RowContext, validateRow } from '../rules/validate-row';

/** Rows per staging statement: bigger on PostgreSQL (a COPY); on PGlite every request waits for a statement. */
const PG_BATCH = 20_000;
/** A batch of wide rows goes before its count: its COPY text is held until written (two batches at once). */
const MAX_BATCH_BYTES = 8 * 1_048_576;
const PGLITE_BATCH = 1000;
/** Rows parsed and checked between two turns of the event loop (about 5-10 ms of work). */
const YIELD_EVERY_ROWS = 500;
/** What a cell keeps (a spreadsheet cell may hold a novel) and how many columns a row keeps. */
const MAX_CELL = 2000;
const MAX_COLUMNS = 100;

export type StageOutcome = 'staged' | 'stopped' | 'lost' | { failure: string };

/** Lower-cased title → id, and each id as text: a file names a category either way. */
async function rowContext(db: Db, kind: ImportKind): Promise<RowContext> {
  const categories = new Map<string, number>();
  if (kind !== 'tg-channels') return { categories };
  const rows = await db
    .select({ id: tgCategories.id, title: tgCategories.title })
    .from(tgCategories)
    .orderBy(asc(tgCategories.id));
  for (const row of rows) {
    categories.set(String(row.id), row.id);
    const title = row.title.trim().toLowerCase();
    if (!categories.has(title)) categories.set(title, row.id);
  }
  return { categories };
}

/**
 * Our own CSV export writes «'» before a cell a spreadsheet would run as a formula (lib/csv.ts): a
 * file of refused rows, fixed and sent back, must read as it was meant, so one such «'» goes.
 */
const cellValue = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** Text the database can store: no NUL (jsonb refuses it), bounded. */
const storable = (cell: string) => cell.replaceAll('\u0000', '').slice(0, MAX_CELL);

/**
 * Reads the upload row by row into `import_rows`, each row checked with the contract's schemas on
 * the way, in batches (the file's rows never sit in memory together); then marks, in SQL over all
 * rows, keys repeated inside the file and keys the database already has (refused as taken, or, in
 * update mode, matched to their record with the fields they would change). Starts from scratch when run
 * again (a job resumed after a restart): staging writes nothing but its own rows.
 */
export async function stageFile(db: Db, storage: Storage, imp: ImportRow, control: JobControl): Promise<StageOutcome> {
  await repo.clearRows(db, imp.id);
  // The upload is read as a stream (a local file, or S3's GetObject body): never whole in memory.
  const source = imp.fileKey ? await storage.getStream(imp.fileKey) : null;
  if (!source) return { failure: 'file-missing' };
  try {
    return await stageRows(db, source, imp, control);
  } finally {
    source.destroy();
  }
}

async function stageRows(db: Db, source: Readable, imp: ImportRow, control: JobControl): Promise<StageOutcome> {
  let opened: OpenedFile;
  try {
    opened = await openRows(source, {
      encoding: imp.encoding as ImportEncoding | null,
      delimiter: imp.delimiter as CsvDelimiter | null,
      sheet: imp.sheet,
    });
  } catch (error) {
    if (error instanceof UnreadableFileError) return { failure: 'unreadable' };
    throw error;
  }
  const context = await rowContext(db, imp.kind);
  const postgres = pgPoolOf(db) !== undefined;
  const batchSize = postgres ? PG_BATCH : PGLITE_BATCH;
  let mapping: Record<string, number> | undefined;
  let batch = new StagedBatch(imp.id, postgres);
  let total = 0;

  // One batch is written while the next is read and checked: the parse and the database overlap.
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    const rows = batch;
    batch = new StagedBatch(imp.id, postgres);
    await writing;
    total += rows.length;
    const staged = total;
    writing = repo
      .stage(db, rows, imp.dryRun ? null : kindSql[imp.kind].table)
      .then(() => repo.update(db, imp.id, { total: staged }));
    // Awaited at the next flush or at the end; marked handled so a failure meanwhile is not "unhandled".
    writing.catch(() => undefined);
  };

  let sinceYield = 0;
  try {
    for await (const { row, cells: raw } of opened.rows) {
      // A slice's rows are parsed at once and come on microtasks alone: without a turn of the event
      // loop now and then, the parse and checks of many slices in a row (the file read ahead while the
      // database writes) would hold every other request of this process (the users list beside a 1M
      // import) for hundreds of milliseconds.
      if (++sinceYield === YIELD_EVERY_ROWS) {
        sinceYield = 0;
        await new Promise((resolve) => setImmediate(resolve));
      }
      const cells = raw.slice(0, MAX_COLUMNS).map(storable);
      if (!mapping) {
        const guessed = guessMapping(imp.kind, cells);
        mapping = applyMapping(imp.kind, cells, guessed, imp.mappingSent);
        // A list of codes without a header: its first line is a code, not a column's name.
        const only = importFields[imp.kind].length === 1 ? importFields[imp.kind][0] : undefined;
        const headerless = only !== undefined && Object.keys(guessed).length === 0 && !imp.mappingSent;
        if (headerless) mapping = { [only]: 0 };
        await repo.update(db, imp.id, {
          columns: headerless ? cells.map((_, index) => `${index + 1}`) : cells,
          mapping,
          format: opened.format,
          encoding: opened.encoding,
          delimiter: opened.delimiter,
        });
        if (!headerless) continue;
      }
      const values: Record<string, string | undefined> = {};
      for (const [field, index] of Object.entries(mapping)) {
        const cell = cells[index];
        values[field] = cell === undefined ? undefined : cellValue(cell);
      }
      const checked = validateRow(imp.kind, values, context);
      batch.add(
        checked.ok
          ? { row, key: checked.key, data: checked.data, cells, errors: null }
          : { row, key: null, data: null, cells, errors: checked.errors },
      );
      if (batch.length >= batchSize || batch.bytes >= MAX_BATCH_BYTES) {
        await flush();
        if (!(await control.renew())) return writing.then(() => 'lost' as const);
        if (control.stopping()) return writing.then(() => 'stopped' as const);
      }
    }
  } catch (error) {
    // A ZIP that is not a workbook after all, a missing sheet, a broken XML part.
    if (opened.format === 'xlsx') return { failure: 'unreadable' };
    throw error;
  }
  await flush();
  await writing;
  if (!mapping) return { failure: 'empty' };
  // Fresh statistics for the rows just written: without them the planner takes a batch for one row
  // and joins a batch with its new records in nested loops (20,000 × 20,000 comparisons, minutes).
  await db.execute(sql`ANALYZE import_rows`);
  await markDuplicates(db, imp.kind, imp.id);
  if (imp.onExisting === 'update') await markExisting(db, imp.kind, imp.id);
  else await markTaken(db, imp.kind, imp.id);
  const counts = await repo.counts(db, imp.id);
  await repo.update(db, imp.id, { ...counts, total, phase: 'inserting' });
  return 'staged';
}
