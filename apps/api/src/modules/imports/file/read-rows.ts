import { type CsvDelimiter, csvRows, guessDelimiter } from './csv-rows';
import { detectEncoding, HEAD, type ImportEncoding, type ImportFormat, sniffHead } from './sniff';
import { xlsxRows } from './xlsx-rows';

export interface FileRow {
  /** As a spreadsheet counts: the header is row 1. CSV: the record's number (a quoted line break stays inside its record). */
  row: number;
  cells: string[];
}

export interface OpenedFile {
  format: ImportFormat;
  encoding: ImportEncoding | null;
  delimiter: CsvDelimiter | null;
  /** Every non-empty record, the header first. */
  rows: AsyncGenerator<FileRow>;
}

export class UnreadableFileError extends Error {}

/** The largest XLSX read (its sheet is parsed whole): the upload's own cap (read-import-upload.ts). */
const MAX_XLSX_BYTES = 64 * 1_048_576;

/** A buffer as a source of 64 kB chunks (views): the file-reading tests and any caller holding bytes. */
async function* chunksOf(bytes: Buffer): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += HEAD) yield bytes.subarray(at, at + HEAD);
}

/**
 * The source's first 64 kB (or all of it, if smaller) for the checks, and the whole source again as
 * chunks: the head first, then what was not read yet. `more`: the source goes on past the head.
 */
async function readHead(
  source: AsyncIterable<Uint8Array>,
): Promise<{ head: Buffer; more: boolean; all: AsyncIterable<Uint8Array> }> {
  const iterator = source[Symbol.asyncIterator]();
  const chunks: Uint8Array[] = [];
  let length = 0;
  let more = true;
  while (length < HEAD) {
    const next = await iterator.next();
    if (next.done) {
      more = false;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* all(): AsyncGenerator<Uint8Array> {
    try {
      yield head;
      if (!more) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      await iterator.return?.();
    }
  }
  return { head, more, all: all() };
}

/**
 * Opens a file whose format was checked at upload, from its bytes or its stored stream: the format,
 * the encoding and the separator come from its first 64 kB (unless told); a CSV is then read as a
 * stream, an XLSX whole (read-excel-file unzips the workbook and parses its sheet's XML in one piece:
 * its upload cap, 64 MB, bounds it).
 */
export async function openRows(
  source: Buffer | AsyncIterable<Uint8Array>,
  options: { encoding?: ImportEncoding | null; delimiter?: CsvDelimiter | null; sheet?: string | null },
): Promise<OpenedFile> {
  const { head, more, all } = await readHead(Buffer.isBuffer(source) ? chunksOf(source) : source);
  const sniffed = sniffHead(head);
  if (!sniffed) {
    await all[Symbol.asyncIterator]().return?.(undefined);
    throw new UnreadableFileError('not a CSV or XLSX file');
  }
  if (sniffed !== 'csv') {
    const chunks: Uint8Array[] = [];
    let length = 0;
    for await (const chunk of all) {
      length += chunk.length;
      if (length > MAX_XLSX_BYTES) throw new UnreadableFileError('the workbook is larger than an upload may be');
      chunks.push(chunk);
    }
    const bytes = Buffer.concat(chunks);
    return { format: 'xlsx', encoding: null, delimiter: null, rows: xlsxRows(bytes, options.sheet ?? undefined) };
  }
  const encoding = options.encoding ?? detectEncoding(head, more);
  const delimiter = options.delimiter ?? guessDelimiter(head, encoding);
  return {
    format: 'csv',
    encoding,
    delimiter,
    rows: (async function* () {
      let row = 0;
      for await (const cells of csvRows(all, encoding, delimiter)) yield { row: ++row, cells };
    })(),
  };
}
