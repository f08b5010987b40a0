import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { lockPgliteFolder } from './pglite-lock';

/** A migrated empty PGlite data folder, written by the build next to the bundle (scripts/pglite-snapshot.mjs). */
export const emptySnapshot = join(dirname(fileURLToPath(import.meta.url)), 'pglite-empty');

const VERSION_FILE = 'PG_VERSION';

/**
 * Copies a folder on a thread of its own. Not `fs.promises.cp`: that one needs this thread between
 * its steps, and this thread is busy compiling modules for the whole copy.
 */
function copyFolderInWorker(from: string, to: string): Promise<void> {
  const code = `
    const { cpSync } = require('node:fs');
    const { from, to, skip } = require('node:worker_threads').workerData;
    cpSync(from, to, { recursive: true, filter: (source) => source !== skip });`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: { from, to, skip: join(from, VERSION_FILE) } });
    worker.once('error', reject);
    worker.once('exit', (exitCode) =>
      exitCode === 0 ? resolve() : reject(new Error(`copying ${from} to ${to} stopped with code ${exitCode}`)),
    );
  });
}

/** Gives the folder back to the next process (removes the lock file). */
export type ReleaseFolder = () => void;

/**
 * Takes an embedded database folder for this process (the lock of pglite-lock.ts) and, when it
 * holds no database yet, copies the build's empty migrated one in, so a first start skips
 * initdb and the migrations (seconds of WebAssembly); the migrator then finds them applied. Without
 * a snapshot (running from source) PGlite creates the database as before.
 *
 * The copy runs on a worker thread: it is hundreds of file creations, which cost a millisecond of
 * system time each on our machines, and server.ts starts it before loading the server's modules, so
 * the worker copies while the main thread compiles (docs/decisions/0023).
 */
export async function prepareEmbeddedFolder(dir: string, snapshot: string = emptySnapshot): Promise<ReleaseFolder> {
  mkdirSync(dir, { recursive: true });
  const release = lockPgliteFolder(dir);
  try {
    if (!existsSync(join(dir, VERSION_FILE)) && existsSync(join(snapshot, VERSION_FILE))) {
      // PG_VERSION marks a database folder, so it goes last: a start interrupted mid-copy left no
      // database, and the next start copies again over what it left.
      await copyFolderInWorker(snapshot, dir);
      copyFileSync(join(snapshot, VERSION_FILE), join(dir, VERSION_FILE));
    }
    return release;
  } catch (error) {
    release();
    throw error;
  }
}
