import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ArchiveWriter } from './archive-writer';
import { PGLITE_PREFIX } from './manifest';
import type { RowsOf } from './schema-version';

/**
 * Folders whose contents a running PostgreSQL rebuilds at start: kept empty in the copy, as
 * pg_basebackup does. `pg_wal` is copied apart (only the segments the copy needs).
 */
const EMPTIED = new Set([
  'pg_wal',
  'pg_dynshmem',
  'pg_notify',
  'pg_replslot',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);

/** Files of a running server that a copy must not carry (pid and lock files, this process's socket). */
const SKIPPED = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'backup_label.old',
  'tablespace_map',
  'current_logfiles',
  'pult.lock',
  'pult-control.sock',
]);

const skippedFile = (name: string) => SKIPPED.has(name) || name === 'pg_internal.init' || name.startsWith('pgsql_tmp');

/** Every file of the folder (relative paths) and its folders, leaving out what `EMPTIED` and `SKIPPED` say. */
async function walk(root: string, relative = ''): Promise<{ files: string[]; folders: string[] }> {
  const files: string[] = [];
  const folders: string[] = [];
  const entries = await readdir(join(root, relative), { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const entry of entries) {
    const path = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      folders.push(path);
      if (path === 'pg_wal') {
        // Its folders (archive_status, summaries) stay; its segments are the copy's own business.
        const inner = await readdir(join(root, path), { withFileTypes: true });
        folders.push(...inner.filter((folder) => folder.isDirectory()).map((folder) => `${path}/${folder.name}`));
        continue;
      }
      if (EMPTIED.has(path) || entry.name.startsWith('pgsql_tmp')) continue;
      const inner = await walk(root, path);
      files.push(...inner.files);
      folders.push(...inner.folders);
    } else if (entry.isFile() && !skippedFile(entry.name)) files.push(path);
  }
  return { files, folders };
}

/**
 * A consistent copy of the embedded database while the server keeps serving and writing: PostgreSQL's
 * own online backup (docs/decisions/0034). `pg_backup_start` makes a checkpoint and turns on full-page
 * writes; the data files are then copied as they are, page by page, while writes go on (a page torn by
 * a concurrent write is rewritten from the WAL at restore); `pg_backup_stop` names the WAL the copy
 * needs and the `backup_label` that tells PostgreSQL to replay it from the checkpoint. The WAL
 * segments from the start's to the stop's go in last. At restore, PGlite starts on the folder and
 * replays them: the database as it was when the backup stopped, every transaction committed by then.
 *
 * PGlite never checkpoints by itself (it runs PostgreSQL in single-user mode, without a checkpointer),
 * so no WAL the copy needs is recycled while it runs; the caller keeps other backups (and the close's
 * shutdown checkpoint) away meanwhile. The statements run between the app's own, on its one session.
 */
export async function copyPgliteFolder(
  query: RowsOf,
  dir: string,
  archive: ArchiveWriter,
  hooks: { beforeStop?: () => Promise<void> } = {},
): Promise<void> {
  const [start] = await query<{ segment: string }>(
    "SELECT pg_walfile_name(lsn) AS segment FROM pg_backup_start('pult-backup', true) AS lsn",
  );
  let stopped = false;
  try {
    const { files, folders } = await walk(dir);
    for (const folder of folders) archive.directory(`${PGLITE_PREFIX}${folder}`);
    for (const file of files) await archive.addLiveFile(`${PGLITE_PREFIX}${file}`, join(dir, file));
    await hooks.beforeStop?.();
    const [stop] = await query<{ segment: string; labelfile: string; spcmapfile: string | null }>(
      'SELECT pg_walfile_name(lsn) AS segment, labelfile, spcmapfile FROM pg_backup_stop(false)',
    );
    stopped = true;
    if (!start || !stop) throw new Error('pg_backup_start or pg_backup_stop answered nothing');
    await archive.addBuffer(`${PGLITE_PREFIX}backup_label`, Buffer.from(stop.labelfile));
    if (stop.spcmapfile) await archive.addBuffer(`${PGLITE_PREFIX}tablespace_map`, Buffer.from(stop.spcmapfile));
    // Segment names sort as their positions (same timeline): the start's segment to the stop's.
    const segments = (await readdir(join(dir, 'pg_wal')))
      .filter((name) => /^[0-9A-F]{24}$/.test(name) && name >= start.segment && name <= stop.segment)
      .sort();
    for (const segment of segments) {
      const copied = await archive.addLiveFile(`${PGLITE_PREFIX}pg_wal/${segment}`, join(dir, 'pg_wal', segment));
      if (!copied) throw new Error(`WAL segment ${segment} vanished during the backup`);
    }
  } finally {
    // A backup that failed half-way must still end backup mode, or the next one cannot start.
    if (!stopped) await query('SELECT pg_backup_stop(false)').catch(() => undefined);
  }
}
