import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import pg from 'pg';
import type { Clock } from '../../lib/clock';
import { ArchiveWriter } from './archive-writer';
import { BackupError } from './backup-error';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, type Manifest, POSTGRES_DUMP_NAME } from './manifest';
import { copyPgliteFolder } from './pglite-copy';
import { assertToolReads, findPgTool, pgDump } from './postgres-tools';
import { appliedSchemaVersion, type RowsOf } from './schema-version';
import { FilesSnapshot, type FilesSource } from './stored-files';

/** What a backup reads: the database (an open PGlite folder, or PostgreSQL's URL) and the stored files. */
export interface BackupSource {
  database: { kind: 'pglite'; dir: string; query: RowsOf } | { kind: 'postgres'; url: string };
  files: FilesSource;
  /** DATA_DIR: staging links of local files (the files' own disk). */
  workDir: string;
  /** Where pg_dump's file waits before it goes into the archive. */
  tempDir: string;
  clock: Clock;
}

export interface WrittenBackup {
  manifest: Manifest;
  /** The archive's size in bytes. */
  bytes: number;
}

/**
 * One archive of the database and the stored files, written to `out` (docs/decisions/0034): the
 * database first (PGlite: an online copy of its folder; PostgreSQL: pg_dump in an exported snapshot),
 * the files present around the database's point in time, the manifest last. On failure `out` is
 * ended with the error and what it received must be thrown away.
 */
export async function writeBackup(source: BackupSource, out: Writable, signal?: AbortSignal): Promise<WrittenBackup> {
  const archive = new ArchiveWriter(out, signal);
  const files = new FilesSnapshot(source.files, source.workDir);
  try {
    const database =
      source.database.kind === 'pglite'
        ? await pgliteDatabase(source.database, archive, files)
        : await postgresDatabase(source.database.url, source.tempDir, archive, files);
    const { files: count, vanished } = await files.write(archive);
    const manifest = await archive.finish({
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      createdAt: source.clock.now().toISOString(),
      schema: database.schema,
      database: database.database,
      storage: { driver: source.files.driver, files: count, vanished },
    });
    return { manifest, bytes: archive.bytes };
  } catch (error) {
    await archive.abort(error instanceof Error ? error : new Error(String(error)));
    throw error;
  } finally {
    await files.dispose();
  }
}

type DatabasePart = Pick<Manifest, 'schema' | 'database'>;

async function pgliteDatabase(
  database: { dir: string; query: RowsOf },
  archive: ArchiveWriter,
  files: FilesSnapshot,
): Promise<DatabasePart> {
  const schema = await appliedSchemaVersion(database.query);
  const [version] = await database.query<{ server_version: string }>('SHOW server_version');
  // Files before the copy's end and after it: every file a row of the copy names (stored-files.ts).
  await copyPgliteFolder(database.query, database.dir, archive, { beforeStop: () => files.pass() });
  await files.pass();
  return { schema, database: { kind: 'pglite', serverVersion: version?.server_version ?? 'unknown' } };
}

async function postgresDatabase(
  url: string,
  tempDir: string,
  archive: ArchiveWriter,
  files: FilesSnapshot,
): Promise<DatabasePart> {
  const tool = await findPgTool('pg_dump');
  const client = new pg.Client({ connectionString: url, application_name: 'pult-backup' });
  await client.connect().catch((error: Error) => {
    throw new BackupError(`Could not connect to PostgreSQL (DATABASE_URL): ${error.message}`);
  });
  const dumpFile = join(tempDir, `.pult-dump-${randomBytes(6).toString('hex')}.dump`);
  try {
    const query: RowsOf = async <T>(text: string) => (await client.query(text)).rows as T[];
    const [server] = await query<{ server_version_num: string; server_version: string }>(
      "SELECT current_setting('server_version_num') AS server_version_num, current_setting('server_version') AS server_version",
    );
    assertToolReads(tool, Math.floor(Number(server?.server_version_num) / 10_000));
    await files.pass();
    // pg_dump reads in this transaction's snapshot: the schema version and the files passes agree with it.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const [exported] = await query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
    const schema = await appliedSchemaVersion(query);
    await files.pass();
    await pgDump(url, dumpFile, exported?.snapshot);
    await client.query('COMMIT');
    await archive.addLiveFile(POSTGRES_DUMP_NAME, dumpFile);
    return {
      schema,
      database: { kind: 'postgres', serverVersion: server?.server_version ?? 'unknown', dumpTool: tool.version },
    };
  } finally {
    await client.end().catch(() => undefined);
    await rm(dumpFile, { force: true });
  }
}
