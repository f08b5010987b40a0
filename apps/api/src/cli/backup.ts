/**
 * Writes one backup archive of the database and the stored files (docs/operations.md "Backups"):
 *   npm run backup -- --out /backups/pult-2026-11-27.tar.gz
 * PostgreSQL (DATABASE_URL set): this process runs pg_dump. The embedded PGlite: the server that holds
 * the folder makes the copy and streams it here through its control socket; with no server running,
 * this process opens the folder itself. The archive is read back and checked before the command ends.
 */
import { existsSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Db } from '../db/client';
import { lockPgliteFolder } from '../db/pglite-lock';
import * as schema from '../db/schema';
import { loadEnv } from '../env';
import { systemClock } from '../lib/clock';
import { type BackupDeps, BackupError, requestBackup, runBackupToFile, verifyArchive } from '../modules/backups';
import { storageFromEnv } from '../storage/storage-from-env';
import { cliLogger, exitWith, formatBytes } from './cli-output';

const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean' } } });
if (values.help || !values.out) {
  process.stderr.write('Usage: npm run backup -- --out <file.tar.gz>\n');
  process.exit(values.help ? 0 : 2);
}

const env = loadEnv();
const out = resolve(process.env.INIT_CWD ?? process.cwd(), values.out);

async function backup(): Promise<void> {
  if (existsSync(out)) throw new BackupError(`${out} exists already: choose another name, or remove it first.`);
  const started = performance.now();
  const log = cliLogger();
  let viaServer = false;
  const storage = storageFromEnv(env);
  if (env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2, application_name: 'pult-backup' });
    try {
      const db = drizzlePg(pool, { schema }) as unknown as Db;
      const deps: BackupDeps = { database: { db, kind: 'postgres' }, storage, env, clock: systemClock, log };
      await runBackupToFile(deps, out, 'command');
    } finally {
      await pool.end();
    }
  } else {
    const dir = join(env.dataDir, 'pglite');
    if (!existsSync(join(dir, 'PG_VERSION')))
      throw new BackupError(`There is no embedded database in ${dir} (DATA_DIR=${env.DATA_DIR}): nothing to back up.`);
    let release: (() => void) | undefined;
    try {
      release = lockPgliteFolder(dir);
    } catch {
      // The server holds the folder: it makes the copy (PGlite serves one process).
      process.stdout.write(`The server holding ${dir} makes the copy ...\n`);
      await requestBackup(dir, out, basename(out));
      viaServer = true;
    }
    if (release) {
      const client = await PGlite.create(dir, { extensions: { pg_trgm } });
      try {
        const db = drizzlePglite(client, { schema }) as unknown as Db;
        const deps: BackupDeps = { database: { db, kind: 'pglite', dir }, storage, env, clock: systemClock, log };
        await runBackupToFile(deps, out, 'command');
      } finally {
        await client.close();
        release();
      }
    }
  }
  const manifest = await verifyArchive(out).catch(async (error: unknown) => {
    await rm(out, { force: true });
    // The server ends the stream early when its copy fails: the archive then lacks its manifest.
    throw viaServer
      ? new BackupError(
          "The server stopped the backup part-way; its log, and the settings screen's backup card, say why.",
        )
      : error;
  });
  const { size } = statSync(out);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `Backup written: ${out}\n  ${formatBytes(size)}, ${manifest.members.length} members checked, in ${seconds} s\n` +
      `  database: ${manifest.database.kind} ${manifest.database.serverVersion}, schema ${manifest.schema.migration}\n` +
      `  files: ${manifest.storage.files} (${manifest.storage.driver})` +
      (manifest.storage.vanished.length > 0
        ? `, ${manifest.storage.vanished.length} removed while the backup ran`
        : '') +
      '\n',
  );
}

backup().then(
  () => process.exit(0),
  (error: unknown) => exitWith(error, 'Backup failed'),
);
