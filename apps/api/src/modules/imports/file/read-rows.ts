import { type CsvDelimiter, csvRows, guessDelimiter } from './csv-rows';
import { detectEncoding, detectFormat, type ImportEncoding, type ImportFormat } from './sniff';
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

/** Opens a file whose format was checked at upload: CSV decoded and split as told or as guessed, or XLSX's sheet. */
export function openRows(
  bytes: Buffer,
  options: { encoding?: ImportEncoding | null; delimiter?: CsvDelimiter | null; sheet?: string | null },
): OpenedFile {
  const format = detectFormat(bytes);
  if (!format) throw new UnreadableFileError('not a CSV or XLSX file');
  if (format === 'xlsx')
    return { format, encoding: null, delimiter: null, rows: xlsxRows(bytes, options.sheet ?? undefined) };
  const encoding = options.encoding ?? detectEncoding(bytes);
  const delimiter = options.delimiter ?? guessDelimiter(bytes, encoding);
  return {
    format,
    encoding,
    delimiter,
    rows: (async function* () {
      let row = 0;
      for await (const cells of csvRows(bytes, encoding, delimiter)) yield { row: ++row, cells };
    })(),
  };
}
