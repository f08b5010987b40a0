import type { FastifyBaseLogger } from 'fastify';
import type { CheckedImage } from './read-upload';
import type { Storage } from './storage';

/** A stored path Pult owns (a full URL was set from outside and is not ours to delete). */
const isOwnKey = (path: string | null): path is string => Boolean(path) && !/^https?:\/\//.test(path ?? '');

/**
 * Stores an uploaded file and points a row at it: the file goes in first, then `save` records it
 * (and its audit event) in one transaction and says which file it replaced. If `save` fails the
 * new file is removed, so a failed request leaves nothing behind; once it committed, the old file
 * is removed, and a removal that fails is only logged, since the row is already right.
 */
export async function replaceStoredFile<T>(
  deps: { storage: Storage; log: FastifyBaseLogger },
  file: CheckedImage,
  save: (key: string) => Promise<{ result: T; previous: string | null }>,
): Promise<T> {
  await deps.storage.put(file.key, file.bytes, file.kind.contentType);
  let saved: { result: T; previous: string | null };
  try {
    saved = await save(file.key);
  } catch (error) {
    await deps.storage.delete(file.key).catch((cleanup: unknown) => deps.log.warn({ err: cleanup }, 'new file not removed'));
    throw error;
  }
  if (isOwnKey(saved.previous) && saved.previous !== file.key) {
    await deps.storage
      .delete(saved.previous)
      .catch((error: unknown) => deps.log.warn({ err: error }, 'replaced file not removed'));
  }
  return saved.result;
}
