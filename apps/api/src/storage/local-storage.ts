import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
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
  };
}
