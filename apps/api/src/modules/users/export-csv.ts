import { Readable } from 'node:stream';
import type { UserWhere } from '@pult/contract';
import { type Db, queryRows } from '../../db/client';
import { copyColumnOut, pgPoolOf } from '../../db/copy-out';
import { csvHeader } from '../../lib/csv';
import { EXPORT_COLUMNS, exportLinesSql } from './export-csv-sql';

/** PGlite's batch: small, so the single-threaded server answers other requests between batches. */
const BATCH = 2000;

/**
 * The matching users as CSV in id order, UTF-8 with a BOM so Excel reads the Cyrillic right. The
 * database writes every line (`exportLinesSql`), the same SQL on both engines, so the bytes are the
 * same. On PostgreSQL it streams out of one `COPY … TO STDOUT` at the reader's pace; on PGlite (no
 * COPY to a socket) it is read in keyset batches.
 */
export async function usersCsvStream(db: Db, where: UserWhere, now: Date): Promise<Readable> {
  const header = Buffer.from(csvHeader(EXPORT_COLUMNS));
  const pool = pgPoolOf(db);
  if (pool) {
    return copyColumnOut(pool, exportLinesSql(where, now), header);
  }
  return Readable.from(batches(db, header, where, now), { objectMode: false, highWaterMark: 1 });
}

async function* batches(db: Db, header: Buffer, where: UserWhere, now: Date): AsyncGenerator<Buffer | string> {
  yield header;
  let lastId = 0;
  for (;;) {
    const rows = await queryRows<{ id: number; line: string }>(
      db,
      exportLinesSql(where, now, { id: lastId, limit: BATCH }),
    );
    if (rows.length === 0) return;
    yield rows.map((row) => row.line).join('');
    lastId = Number(rows[rows.length - 1]?.id ?? lastId);
    if (rows.length < BATCH) return;
  }
}
