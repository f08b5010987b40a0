import { pipeline, Readable } from 'node:stream';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import type { ImportEncoding } from './sniff';

export type CsvDelimiter = ';' | ',' | '\t';

/**
 * The slices the file is fed to the decoder in: the parser hands over a slice's records at once, and
 * they live while they are checked and staged. 16 kB (about 1,300 codes) rather than a file stream's
 * 64 kB: a slice's records then mostly die before a scavenge moves them to V8's old generation, where
 * they would wait as garbage for a full collection (decision 0042, memory).
 */
const SLICE = 16 * 1024;

/** How much of the file's start the separator is guessed from. */
const GUESS_BYTES = 64 * 1024;

/** The text of the file's start, decoded, for guessing the separator. */
function headText(bytes: Buffer, encoding: ImportEncoding): string {
  return iconv.decode(bytes.subarray(0, GUESS_BYTES), encoding);
}

/** The source's chunks cut into slices of at most SLICE bytes (views, not copies). */
async function* sliced(source: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    for (let at = 0; at < bytes.length; at += SLICE) yield bytes.subarray(at, at + SLICE);
  }
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
 * The file's records, one array of cells each, streamed from its source (the storage's stream, or a
 * buffer's slices): the bytes go through iconv-lite's decoder (which drops a UTF-8 BOM and finishes a
 * character cut by a chunk's end with the next chunk) into papaparse's stream reader slice by slice;
 * papaparse hands over the records of each slice at once (a record cut by a slice's end, a quoted line
 * break or a CRLF split between two slices included, is finished with the next), and the parse waits,
 * with the source paused, while they are used: only a slice of records and a slice of bytes sit in
 * memory. Quoted fields may hold the separator and line breaks; lines with nothing but separators and
 * spaces are skipped. (Papaparse's duplex stream mode emits one event per record: thirty times
 * slower, measured.)
 */
export async function* csvRows(
  source: AsyncIterable<Uint8Array>,
  encoding: ImportEncoding,
  delimiter: CsvDelimiter,
): AsyncGenerator<string[]> {
  let wake: (() => void) | undefined;
  let pending: { rows: string[][]; parser: Papa.Parser } | undefined;
  let finished = false;
  let failure: unknown;
  const signal = () => {
    wake?.();
    wake = undefined;
  };
  const slices = Readable.from(sliced(source), { objectMode: false });
  // A failing source (a storage read cut off) fails the rows; so does a decoder's error.
  const text = pipeline(slices, iconv.decodeStream(encoding), (error) => {
    if (!error) return;
    failure ??= error;
    signal();
  }) as unknown as Readable;
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
  try {
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
  } finally {
    // Left early (a canceled job, a lost lease, an error): the source is let go, not read on.
    if (!finished) {
      pending?.parser.abort();
      text.destroy();
    }
  }
}
