import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Every upload in Pult goes through this interface, so the local disk
 * (default) and S3-compatible storage behave the same to the routes.
 */
export interface Storage {
  /** Stores bytes under a key such as `avatars/5f1c….png`. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Stores a stream under a key without holding it in memory (an import's upload, up to 64 MB). The
   * key appears only once the whole stream is stored: when the stream fails (a size limit, a refused
   * content, a dropped request), nothing is left under the key or beside it.
   */
  putStream(key: string, body: AsyncIterable<Uint8Array>, contentType: string): Promise<void>;
  /** Reads a stored file back (a share card draws the note's cover); null when the key holds nothing. */
  get(key: string): Promise<Buffer | null>;
  /** Reads a stored file back as a stream (an import reads its upload row by row); null when the key holds nothing. */
  getStream(key: string): Promise<Readable | null>;
  /** Removes a key; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored key, in no particular order (backups copy them all). */
  list(): AsyncIterable<string>;
  /** The public base that a stored key is appended to (the SPA's "relative path" rule). */
  readonly publicBaseUrl: string;
}

/** Keys are generated server-side; this guards the drivers against anything else slipping in. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*\/[A-Za-z0-9_-]+\.[a-z0-9]+$/.test(key))
    throw new Error(`unsafe storage key: ${key}`);
}
