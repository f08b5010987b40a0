import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../../lib/http-errors';
import type { Storage } from '../../../storage/storage';
import { HEAD, type ImportFormat, sniffHead, WORKBOOK_PART } from '../file/sniff';

/** The largest file accepted: a million promo codes in CSV is about 12 MB, 100,000 users about 8 MB. */
export const MAX_IMPORT_BYTES = 64 * 1_048_576;

const CONTENT_TYPES = { csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };

/** An upload stored under its key, with what the options check (called before the file is stored) answered. */
export interface ImportUpload<Checked> {
  fileKey: string;
  format: ImportFormat;
  fileName: string;
  /** The multipart fields sent before the file (the options). */
  fields: Record<string, string>;
  checked: Checked;
}

const malformed = (error: unknown): never => {
  if (error instanceof HttpError || (error as { statusCode?: number }).statusCode) throw error;
  const reason = error instanceof Error ? error.message : 'unreadable body';
  throw badRequest('BAD_REQUEST', `Malformed multipart/form-data (${reason})`, { file: 'invalid' });
};

const tooLarge = () => new HttpError(413, 'FILE_TOO_LARGE', 'File is larger than 64 MB', { file: 'too_large' });
const unsupported = () =>
  new HttpError(415, 'FILE_TYPE_UNSUPPORTED', 'Only CSV (UTF-8 or Windows-1251) or XLSX files are accepted', {
    file: 'unsupported_type',
  });

/** A failure of the storage itself (a full disk, S3 down): a server error, not a malformed request. */
class StorageFailure extends Error {
  constructor(override readonly cause: unknown) {
    super('storage failed');
  }
}

/**
 * Streams the file part into the storage: its first 64 kB are read and checked by content first (a
 * CSV, an XLSX; anything else is 415 and nothing is stored), then the rest follows through without
 * being held. A ZIP whose start names no workbook part is watched for the name on the way and refused
 * at its end if it never came. Busboy stops the part at 64 MB: the stream then fails with 413. The
 * storage stores the key only once the stream has ended well, so a refused or cut-off upload leaves
 * no file (Storage.putStream).
 */
async function storeFile(part: MultipartFile, storage: Storage): Promise<{ fileKey: string; format: ImportFormat }> {
  const iterator = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < HEAD) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  if (part.file.truncated) throw tooLarge();
  const head = Buffer.concat(chunks);
  chunks.length = 0;
  const sniffed = sniffHead(head);
  const whole = ended ? sniffed !== 'zip' || head.includes(WORKBOOK_PART) : true;
  if (!sniffed || !whole) {
    part.file.resume();
    throw unsupported();
  }
  const format: ImportFormat = sniffed === 'csv' ? 'csv' : 'xlsx';
  // The first chunks may go well past the first 64 kB: they are looked through whole.
  let workbook = sniffed !== 'zip' || head.includes(WORKBOOK_PART);
  let sourceFailed = false;
  async function* body(): AsyncGenerator<Buffer> {
    yield head;
    // The workbook's name may be cut by a chunk's end: the last bytes of each chunk are kept to look again.
    let tail = head.subarray(-WORKBOOK_PART.length);
    try {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        const chunk = next.value;
        if (!workbook) {
          workbook = Buffer.concat([tail, chunk.subarray(0, WORKBOOK_PART.length)]).includes(WORKBOOK_PART);
          workbook ||= chunk.includes(WORKBOOK_PART);
          tail = Buffer.from(chunk.subarray(-WORKBOOK_PART.length));
        }
        yield chunk;
      }
    } catch (error) {
      sourceFailed = true;
      throw error;
    }
    if (part.file.truncated) throw tooLarge();
    if (!workbook) throw unsupported();
  }
  const fileKey = `imports/${randomUUID()}.${format}`;
  try {
    await storage.putStream(fileKey, body(), CONTENT_TYPES[format]);
  } catch (error) {
    if (error instanceof HttpError || sourceFailed) throw error;
    throw new StorageFailure(error);
  }
  return { fileKey, format };
}

/**
 * Reads the multipart body: its text fields, then the one file `file` (at most 64 MB), streamed into
 * the storage (storeFile). The options are checked by `check` when the file begins, with the fields
 * sent before it (the contract: options go before the file or in the query), so that refused options
 * (400, 403, 404, 409) store nothing. The caller removes the stored file if it refuses the import later.
 */
export async function readImportUpload<Checked>(
  request: FastifyRequest,
  storage: Storage,
  check: (fields: Record<string, string>) => Promise<Checked>,
): Promise<ImportUpload<Checked>> {
  if (!request.isMultipart())
    throw badRequest('FILE_REQUIRED', 'Send multipart/form-data with a file field "file"', { file: 'required' });
  const fields: Record<string, string> = {};
  let upload: { fileKey: string; format: ImportFormat; fileName: string; checked: Checked } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 20 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      let checked: Checked;
      try {
        checked = await check({ ...fields });
      } catch (error) {
        // Refused before a byte is stored; the file's bytes are let through to nowhere.
        part.file.resume();
        throw error;
      }
      const stored = await storeFile(part, storage);
      upload = { ...stored, fileName: part.filename.slice(0, 200), checked };
    }
  } catch (error) {
    if (upload) await storage.delete(upload.fileKey).catch(() => undefined);
    if (error instanceof StorageFailure) throw error.cause;
    malformed(error);
  }
  if (!upload) throw badRequest('FILE_REQUIRED', 'Expected a file field "file"', { file: 'required' });
  return { ...upload, fields };
}
