import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, type Db, queryRows } from '../../db/client';
import type { Env } from '../../env';
import type { Clock } from '../../lib/clock';
import type { Storage } from '../../storage/storage';
import { BackupError, backupErrorText } from './backup-error';
import { backupsRepository } from './backups-repository';
import { type FilesSource, removeLeftovers } from './stored-files';
import { type BackupSource, type WrittenBackup, writeBackup } from './write-backup';

/** What a backup in the server needs: the open database, the files' storage, the configuration. */
export interface BackupDeps {
  database: Pick<Database, 'db' | 'kind' | 'dir'>;
  storage: Storage;
  env: Env;
  clock: Clock;
  log: FastifyBaseLogger;
}

export type BackupTrigger = 'schedule' | 'command';

/** Where the stored files are, as the configuration says (STORAGE_DRIVER). */
export const filesSourceOf = (env: Env, storage: Storage): FilesSource =>
  env.STORAGE_DRIVER === 's3' ? { driver: 's3', storage } : { driver: 'local', root: join(env.dataDir, 'files') };

function sourceOf(deps: BackupDeps, tempDir: string): BackupSource {
  const { database, env } = deps;
  const common = { files: filesSourceOf(env, deps.storage), workDir: env.dataDir, tempDir, clock: deps.clock };
  if (database.kind === 'postgres') {
    if (!env.DATABASE_URL) throw new BackupError('DATABASE_URL is unset');
    return { ...common, database: { kind: 'postgres', url: env.DATABASE_URL } };
  }
  if (!database.dir) throw new BackupError('The embedded database runs in memory: it has no folder to back up.');
  return {
    ...common,
    database: {
      kind: 'pglite',
      dir: database.dir,
      query: <T>(text: string) => queryRows<T>(database.db, sql.raw(text)),
    },
  };
}

/**
 * One backup at a time per database in a process (PGlite's online copy is one per session), and a
 * way to stop them when the server closes: the embedded database's closing checkpoint would recycle
 * the WAL a copy in progress needs.
 */
interface Lane {
  tail: Promise<unknown>;
  closing: AbortController;
}
const lanes = new WeakMap<Db, Lane>();
const laneOf = (db: Db): Lane => {
  let lane = lanes.get(db);
  if (!lane) {
    lane = { tail: Promise.resolve(), closing: new AbortController() };
    lanes.set(db, lane);
  }
  return lane;
};

/** Stops this database's backup in progress (it fails, its file is removed) and waits for it. */
export async function stopBackups(db: Db): Promise<void> {
  const lane = laneOf(db);
  lane.closing.abort(new BackupError('the server is shutting down'));
  await lane.tail.catch(() => undefined);
}

/**
 * Writes a backup to `out` and records it (backup_runs: time, size, or why it failed). Waits for a
 * backup already running in this process.
 */
export async function runBackup(
  deps: BackupDeps,
  target: { open: () => Promise<Writable>; file: string | null; tempDir: string },
  trigger: BackupTrigger,
  signal?: AbortSignal,
): Promise<WrittenBackup> {
  const lane = laneOf(deps.database.db);
  const run = lane.tail
    .catch(() => undefined)
    .then(async () => {
      const startedAt = deps.clock.now();
      const stop = signal ? AbortSignal.any([signal, lane.closing.signal]) : lane.closing.signal;
      try {
        stop.throwIfAborted();
        await removeLeftovers(deps.env.dataDir, startedAt);
        const source = sourceOf(deps, target.tempDir);
        const written = await writeBackup(source, await target.open(), stop);
        await record(deps, { startedAt, status: 'done', trigger, file: target.file, sizeBytes: written.bytes });
        return written;
      } catch (error) {
        await record(deps, { startedAt, status: 'failed', trigger, file: target.file, error: backupErrorText(error) });
        throw error;
      }
    });
  lane.tail = run;
  return run;
}

async function record(
  deps: BackupDeps,
  run: { startedAt: Date; status: 'done' | 'failed'; trigger: BackupTrigger; file: string | null } & (
    | { sizeBytes: number }
    | { error: string }
  ),
) {
  await backupsRepository
    .record(deps.database.db, { ...run, file: run.file?.slice(0, 255) ?? null, finishedAt: deps.clock.now() })
    .catch((error: unknown) => deps.log.warn({ err: error }, 'the backup could not be recorded'));
}

/**
 * A backup into a file: written as `<file>.partial` and renamed when whole, so a file of that name is
 * always a complete archive; the partial file is removed on failure.
 */
export async function runBackupToFile(
  deps: BackupDeps,
  file: string,
  trigger: BackupTrigger,
  signal?: AbortSignal,
): Promise<WrittenBackup> {
  const partial = `${file}.partial`;
  const open = async () => {
    await mkdir(dirname(file), { recursive: true });
    return createWriteStream(partial, { mode: 0o600 });
  };
  try {
    const written = await runBackup(deps, { open, file: basename(file), tempDir: dirname(file) }, trigger, signal);
    await rename(partial, file);
    return written;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
