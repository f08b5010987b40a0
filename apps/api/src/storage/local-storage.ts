import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type Storage } from './storage';

/** Files under DATA_DIR/files, served by the static plugin at /files. */
export function localStorage(root: string): Storage {
  return {
    publicBaseUrl: '/files',
    async put(key, body) {
      assertSafeKey(key);
      const path = join(root, key);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temp, body);
      await rename(temp, path);
    },
    async putStream(key, body) {
      assertSafeKey(key);
      const path = join(root, key);
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await pipeline(body, createWriteStream(temp));
        await rename(temp, path);
      } catch (error) {
        // A refused or cut-off stream leaves no half-written file behind.
        await rm(temp, { force: true });
        throw error;
      }
    },
    async getStream(key) {
      assertSafeKey(key);
      // Opened first, so that a missing key is null here rather than an error in the middle of a read.
      const handle = await open(join(root, key), 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      return handle ? handle.createReadStream() : null;
    },
    async get(key) {
      assertSafeKey(key);
      return readFile(join(root, key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
    },
    async delete(key) {
      assertSafeKey(key);
      await rm(join(root, key), { force: true });
    },
    list: () => listLocalKeys(root),
  };
}

/** The keys under a local files folder: its files, less the half-written ones (`*.tmp` of put). */
export async function* listLocalKeys(root: string): AsyncGenerator<string> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
    yield relative(root, join(entry.parentPath, entry.name)).split(sep).join('/');
  }
}
