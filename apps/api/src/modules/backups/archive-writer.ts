import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { type ArchiveMember, MANIFEST_NAME, type Manifest } from './manifest';

/** Read size of a member's bytes: large enough to keep syscalls few, small enough to keep memory flat. */
const CHUNK = 256 * 1024;

/**
 * gzip's fastest level: the database's pages and the WAL (mostly zeros at their ends) shrink about as
 * much as at the default level for a fraction of the CPU, and dumps and images are compressed already.
 */
const GZIP_LEVEL = 1;

/**
 * Writes one backup archive (a gzipped tar) as a stream, member by member, each hashed (SHA-256) on
 * the way; the manifest goes last, so an archive cut short has none and is refused by restore.
 * Nothing is staged on disk: the bytes go to `out` (a file, or the control socket) as they are read.
 */
export class ArchiveWriter {
  private readonly pack = tar.pack();
  private readonly members: ArchiveMember[] = [];
  private readonly directories: string[] = [];
  private readonly written: Promise<void>;
  private failure: unknown;
  /** Bytes of archive handed to `out` so far. */
  bytes = 0;

  /** `signal` stops the archive between two chunks (the server is shutting down). */
  constructor(
    out: Writable,
    private readonly signal?: AbortSignal,
  ) {
    const count = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        this.bytes += chunk.length;
        done(null, chunk);
      },
    });
    this.written = pipeline(this.pack, createGzip({ level: GZIP_LEVEL }), count, out);
    this.written.catch((error: unknown) => {
      this.failure = error;
    });
  }

  /** An empty folder the restore must create (PGlite's runtime folders). */
  directory(path: string): void {
    this.directories.push(path);
    this.pack.entry({ name: path, type: 'directory', mode: 0o700 });
  }

  async addBuffer(path: string, data: Buffer): Promise<void> {
    await this.addStream(path, data.length, [data]);
  }

  /**
   * A file as it is while others write to it (the live PGlite folder): its size at the start, read
   * in chunks, and zeros for what it lost meanwhile (PostgreSQL truncated it; its WAL replays the
   * truncation, as pg_basebackup's does). False when it was removed before it could be opened.
   */
  async addLiveFile(path: string, file: string): Promise<boolean> {
    const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!handle) return false;
    try {
      const { size } = await handle.stat();
      await this.addStream(path, size, readExactly(handle, size));
      return true;
    } finally {
      await handle.close();
    }
  }

  async addStream(path: string, size: number, source: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<void> {
    this.throwIfFailed();
    const hash = createHash('sha256');
    let total = 0;
    await new Promise<void>((resolve, reject) => {
      const entry = this.pack.entry({ name: path, size, mode: 0o600, mtime: new Date() }, (error) =>
        error ? reject(error) : resolve(),
      );
      const pump = async () => {
        for await (const chunk of source) {
          total += chunk.length;
          if (total > size) throw new Error(`${path} grew beyond its declared ${size} bytes`);
          hash.update(chunk);
          if (!entry.write(chunk)) await new Promise<void>((drained) => entry.once('drain', () => drained()));
          this.throwIfFailed();
        }
        if (total !== size) throw new Error(`${path} gave ${total} of its ${size} bytes`);
        entry.end(() => undefined);
      };
      pump().catch((error: unknown) => {
        entry.destroy(error as Error);
        reject(error);
      });
    });
    this.members.push({ path, size, sha256: hash.digest('hex') });
  }

  /** Adds the manifest (the members and folders recorded so far) and waits for the last byte to be written. */
  async finish(fields: Omit<Manifest, 'members' | 'directories'>): Promise<Manifest> {
    const manifest: Manifest = { ...fields, directories: this.directories, members: this.members };
    const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await new Promise<void>((resolve, reject) => {
      this.pack.entry({ name: MANIFEST_NAME, size: text.length, mode: 0o600 }, text, (error) =>
        error ? reject(error) : resolve(),
      );
    });
    this.pack.finalize();
    await this.written;
    return manifest;
  }

  /** Stops the archive: `out` is ended with an error, and what was written of it must be discarded. */
  async abort(error: Error): Promise<void> {
    this.pack.destroy(error);
    await this.written.catch(() => undefined);
  }

  private throwIfFailed() {
    if (this.failure) throw this.failure;
    this.signal?.throwIfAborted();
  }
}

/** `size` bytes of an open file from its start, zeros where it ended sooner. */
async function* readExactly(handle: import('node:fs/promises').FileHandle, size: number): AsyncGenerator<Buffer> {
  let position = 0;
  while (position < size) {
    const buffer = Buffer.allocUnsafe(Math.min(CHUNK, size - position));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) {
      for (; position < size; position += CHUNK) yield Buffer.alloc(Math.min(CHUNK, size - position));
      return;
    }
    position += bytesRead;
    yield bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead);
  }
}
