import { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import type { ImportEncoding } from './sniff';

export type CsvDelimiter = ';' | ',' | '\t';

/** The slices the file is fed to the decoder in: the parser never holds more than a few of them. */
const SLICE = 64 * 1024;

/** The text of the file's first slice, decoded, for guessing the separator. */
function headText(bytes: Buffer, encoding: ImportEncoding): string {
  return iconv.decode(bytes.subarray(0, SLICE), encoding);
}

/**
 * `;` (Russian Excel), `,` or tab, as papaparse guesses it from the first lines; `;` when it cannot
 * tell (a one-column file: nothing to separate, and `;` is the likelier of the two).
 */
export function guessDelimiter(bytes: Buffer, encoding: ImportEncoding): CsvDelimiter {
  const result = Papa.parse<string[]>(headText(bytes, encoding), {
    preview: 50,
    skipEmptyLines: 'greedy',
    delimitersToGuess: [';', ',', '\t'],
  });
  const found = result.errors.some((error) => error.code === 'UndetectableDelimiter') ? ';' : result.meta.delimiter;
  return found === ',' || found === '\t' ? found : ';';
}

/**
 * The file's records, one array of cells each, streamed: the bytes go through iconv-lite's decoder
 * (which drops a UTF-8 BOM) into papaparse's stream reader slice by slice; papaparse hands over the
 * records of each slice at once (a record cut by a slice's end is finished with the next), the parse
 * waits while they are used, so only a slice of records sits in memory. Quoted fields may hold the
 * separator and line breaks; lines with nothing but separators and spaces are skipped.
 * (Papaparse's duplex stream mode emits one event per record: thirty times slower, measured.)
 */
export async function* csvRows(
  bytes: Buffer,
  encoding: ImportEncoding,
  delimiter: CsvDelimiter,
): AsyncGenerator<string[]> {
  const slices = Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += SLICE) yield bytes.subarray(at, at + SLICE);
    })(),
    { objectMode: false },
  );
  const text = slices.pipe(iconv.decodeStream(encoding));
  let wake: (() => void) | undefined;
  let pending: { rows: string[][]; parser: Papa.Parser } | undefined;
  let finished = false;
  let failure: unknown;
  const signal = () => {
    wake?.();
    wake = undefined;
  };
  text.on('error', (error) => {
    failure = error;
    signal();
  });
  Papa.parse<string[]>(text as unknown as Papa.LocalFile, {
    delimiter,
    skipEmptyLines: 'greedy',
    chunk: (results, parser) => {
      parser.pause();
      pending = { rows: results.data, parser };
      signal();
    },
    complete: () => {
      finished = true;
      signal();
    },
    error: (error: unknown) => {
      failure = error;
      signal();
    },
  });
  for (;;) {
    if (failure) throw failure;
    if (pending) {
      const { rows, parser } = pending;
      pending = undefined;
      yield* rows;
      parser.resume();
      continue;
    }
    if (finished) return;
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
  }
}
