import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../lib/http-errors';
import { detectImage, type ImageKind, MAX_BYTES } from './image-check';

export interface CheckedImage {
  bytes: Buffer;
  kind: ImageKind;
  /** A fresh random key under `folder`, so names are never guessable nor chosen by the client. */
  key: string;
}

/** Reads the one multipart file field `field`, enforces the size cap and checks the content. */
export async function readImageUpload(
  request: FastifyRequest,
  field: string,
  folder: string,
  cap: keyof typeof MAX_BYTES,
): Promise<CheckedImage> {
  if (!request.isMultipart())
    throw badRequest('FILE_REQUIRED', `Send multipart/form-data with a file field "${field}"`, { [field]: 'required' });
  const limit = MAX_BYTES[cap];
  const file = await request.file({ limits: { fileSize: limit, files: 1 } });
  if (!file || file.fieldname !== field)
    throw badRequest('FILE_REQUIRED', `Expected a file field "${field}"`, { [field]: 'required' });
  const bytes = await file.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') return undefined;
    throw error;
  });
  if (!bytes || file.file.truncated) {
    throw new HttpError(413, 'FILE_TOO_LARGE', `File is larger than ${Math.round(limit / 1_048_576)} MB`, {
      [field]: 'too_large',
    });
  }
  const kind = detectImage(bytes);
  if (!kind)
    throw new HttpError(415, 'FILE_TYPE_UNSUPPORTED', 'Only PNG, JPEG or WebP images are accepted', {
      [field]: 'unsupported_type',
    });
  return { bytes, kind, key: `${folder}/${randomUUID()}.${kind.ext}` };
}
