import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../../lib/http-errors';
import { detectFormat, type ImportFormat } from '../file/sniff';

/** The largest file accepted: a million promo codes in CSV is about 12 MB, 100,000 users about 8 MB. */
export const MAX_IMPORT_BYTES = 64 * 1_048_576;

export interface ImportUpload {
  bytes: Buffer;
  format: ImportFormat;
  fileName: string;
  /** The multipart fields sent before the file (the options). */
  fields: Record<string, string>;
}

const malformed = (error: unknown): never => {
  if (error instanceof HttpError || (error as { statusCode?: number }).statusCode) throw error;
  const reason = error instanceof Error ? error.message : 'unreadable body';
  throw badRequest('BAD_REQUEST', `Malformed multipart/form-data (${reason})`, { file: 'invalid' });
};

/**
 * Reads the multipart body: its text fields and the one file `file`, at most 64 MB, then checks the
 * file by content (storage/read-upload.ts does the same for images): a CSV or an XLSX, whatever its
 * name or declared type says; anything else is 415 and never stored.
 */
export async function readImportUpload(request: FastifyRequest): Promise<ImportUpload> {
  if (!request.isMultipart())
    throw badRequest('FILE_REQUIRED', 'Send multipart/form-data with a file field "file"', { file: 'required' });
  const fields: Record<string, string> = {};
  let upload: { bytes: Buffer; fileName: string } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 20 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        await part.toBuffer();
        continue;
      }
      const bytes = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') return undefined;
        throw error;
      });
      if (!bytes || part.file.truncated)
        throw new HttpError(413, 'FILE_TOO_LARGE', 'File is larger than 64 MB', { file: 'too_large' });
      upload = { bytes, fileName: part.filename.slice(0, 200) };
    }
  } catch (error) {
    malformed(error);
  }
  if (!upload) throw badRequest('FILE_REQUIRED', 'Expected a file field "file"', { file: 'required' });
  const format = detectFormat(upload.bytes);
  if (!format)
    throw new HttpError(415, 'FILE_TYPE_UNSUPPORTED', 'Only CSV (UTF-8 or Windows-1251) or XLSX files are accepted', {
      file: 'unsupported_type',
    });
  return { ...upload, format, fields };
}
