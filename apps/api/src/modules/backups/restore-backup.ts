import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { lockPgliteFolder } from '../../db/pglite-lock';
import { scanArchive, verifyArchive } from './archive-reader';
import { BackupError } from './backup-error';
import { FILES_PREFIX, MANIFEST_NAME, type Manifest, PGLITE_PREFIX, POSTGRES_DUMP_NAME } from './manifest';
import { pgRestore, pgRestoreList } from './postgres-tools';
import { assertRestorable } from './schema-version';
import { contentTypeOf, type FilesSource, firstStoredKey, LocalFilesRestore } from './stored-files';

export interface RestoreTarget {
  database: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };
  files: FilesSource;
  /** DATA_DIR: the staging folders go here, on the target's own disk. */
  dataDir: string;
}

export interface RestoreOptions {
  /** Replace a target that holds data. */
  force: boolean;
  /** Progress lines for the operator. */
  say?: (line: string) => void;
}

/**
 * Restores an archive of `npm run backup` (docs/operations.md "Backups"). Nothing is changed until the
 * archive has been read whole and matched its checksums, its schema is one this code can run, its
 * database is of the target's kind, and the target is empty (or `force`). The database and the files
 * are then unpacked beside the target and put in place: the database first, the files after it.
 */
export async function restoreBackup(
  archive: string,
  target: RestoreTarget,
  options: RestoreOptions,
): Promise<Manifest> {
  const say = options.say ?? (() => undefined);
  say(`Checking ${archive} ...`);
  const manifest = await verifyArchive(archive);
  say(
    `The archive is whole: ${manifest.members.length} members, made ${manifest.createdAt}, ${manifest.database.kind} at ${manifest.schema.migration}, ${manifest.storage.files} files.`,
  );
  assertRestorable(manifest.schema);
  if (manifest.database.kind !== target.database.kind)
    throw new BackupError(
      `The archive holds a ${manifest.database.kind} database and this configuration uses ${target.database.kind} ` +
        `(${target.database.kind === 'postgres' ? 'DATABASE_URL is set' : 'DATABASE_URL is unset'}): restore it with the same kind. Nothing was changed.`,
    );
  await mkdir(target.dataDir, { recursive: true });
  const release = target.database.kind === 'pglite' ? lockFolder(target.database.dir) : () => undefined;
  try {
    const occupied = await whatIsOccupied(target);
    if (occupied.length > 0 && !options.force)
      throw new BackupError(
        `The target is not empty: ${occupied.join('; ')}. Restore into an empty DATA_DIR or database, or add --force to replace what is there. Nothing was changed.`,
      );
    await unpackAndApply(archive, manifest, target, occupied.length > 0, say);
    return manifest;
  } finally {
    release();
  }
}

/** The embedded folder is the server's while it runs: a restore under it would corrupt both. */
function lockFolder(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  try {
    return lockPgliteFolder(dir);
  } catch (error) {
    throw new BackupError(`${(error as Error).message} Stop the server before restoring. Nothing was changed.`);
  }
}

async function whatIsOccupied(target: RestoreTarget): Promise<string[]> {
  const occupied: string[] = [];
  if (target.database.kind === 'pglite') {
    const entries = (await readdir(target.database.dir).catch(() => [] as string[])).filter(
      (name) => name !== 'pult.lock',
    );
    if (entries.length > 0) occupied.push(`${target.database.dir} holds a database`);
  } else {
    const tables = await withClient(target.database.url, async (client) => {
      const result = await client.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
      );
      return result.rows[0]?.count ?? 0;
    });
    if (tables > 0) occupied.push(`the database has ${tables} tables`);
  }
  const key = await firstStoredKey(target.files);
  if (key)
    occupied.push(target.files.driver === 'local' ? `${target.files.root} holds files` : 'the bucket holds files');
  return occupied;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'pult-restore' });
  await client.connect().catch((error: Error) => {
    throw new BackupError(`Could not connect to PostgreSQL (DATABASE_URL): ${error.message}`);
  });
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const writeMember = async (path: string, body: AsyncIterable<Buffer>) => {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await pipeline(Readable.from(body), createWriteStream(path, { mode: 0o600 }));
};

async function unpackAndApply(
  archive: string,
  manifest: Manifest,
  target: RestoreTarget,
  replacing: boolean,
  say: (line: string) => void,
): Promise<void> {
  const suffix = randomBytes(6).toString('hex');
  const pgliteStaging = join(target.dataDir, `.restore-pglite-${suffix}`);
  const dumpFile = join(target.dataDir, `.restore-dump-${suffix}.dump`);
  const files = new LocalFilesRestore(
    target.files.driver === 'local' ? target.files.root : join(target.dataDir, `.restore-bucket-${suffix}`),
  );
  try {
    say('Unpacking ...');
    const hashes = await scanArchive(archive, async (entry) => {
      if (entry.path.startsWith(PGLITE_PREFIX)) {
        const path = join(pgliteStaging, entry.path.slice(PGLITE_PREFIX.length));
        if (entry.type === 'directory') await mkdir(path, { recursive: true, mode: 0o700 });
        else await writeMember(path, entry.body);
      } else if (entry.path === POSTGRES_DUMP_NAME) await writeMember(dumpFile, entry.body);
      else if (entry.path.startsWith(FILES_PREFIX) && entry.type === 'file')
        await writeMember(files.path(entry.path.slice(FILES_PREFIX.length)), entry.body);
    });
    // Read a second time: the bytes unpacked must still be those the first reading checked.
    for (const member of manifest.members) {
      const found = hashes.get(member.path);
      if (found?.sha256 !== member.sha256)
        throw new BackupError(`${member.path} changed while it was being restored; nothing was changed.`);
    }
    hashes.delete(MANIFEST_NAME);

    if (target.database.kind === 'pglite') {
      say(`Putting the database in ${target.database.dir} ...`);
      await swapPgliteFolder(pgliteStaging, target.database.dir);
    } else {
      await pgRestoreList(dumpFile);
      if (replacing) {
        say('Dropping what the database held (--force) ...');
        await withClient(target.database.url, (client) =>
          client.query(
            'DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public',
          ),
        );
      }
      say('Restoring the database with pg_restore ...');
      await pgRestore(target.database.url, dumpFile);
    }

    say(`Putting ${manifest.storage.files} files in place ...`);
    if (target.files.driver === 'local') await files.commit();
    else await uploadStaged(files.staging, target.files.storage);
  } finally {
    await rm(pgliteStaging, { recursive: true, force: true });
    await rm(dumpFile, { force: true });
    await files.dispose();
  }
}

/** Empties the folder (its lock file stays: this process holds it) and moves the unpacked database in. */
async function swapPgliteFolder(staging: string, dir: string): Promise<void> {
  for (const name of await readdir(dir))
    if (name !== 'pult.lock') await rm(join(dir, name), { recursive: true, force: true });
  for (const name of await readdir(staging)) await rename(join(staging, name), join(dir, name));
}

async function uploadStaged(staging: string, storage: import('../../storage/storage').Storage): Promise<void> {
  const entries = await readdir(staging, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const key = path
      .slice(staging.length + 1)
      .split('\\')
      .join('/');
    await storage.put(key, await readFile(path), contentTypeOf(key));
  }
}
