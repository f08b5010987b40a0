import { randomBytes } from 'node:crypto';
import { copyFile, link, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { listLocalKeys } from '../../storage/local-storage';
import type { Storage } from '../../storage/storage';
import type { ArchiveWriter } from './archive-writer';
import { FILES_PREFIX } from './manifest';

/** Where the stored files live: the local folder (DATA_DIR/files) or a bucket behind the Storage interface. */
export type FilesSource = { driver: 'local'; root: string } | { driver: 's3'; storage: Storage };

/**
 * The stored files as of the database's copy. Files are written once under a fresh random key and
 * removed only after the row that named them has changed, so taking the keys present just before the
 * database's point in time and those present just after it gives every file a row of the copy names
 * (docs/decisions/0034). Local files are hard-linked into a staging folder at each pass, so a removal
 * after the pass cannot take them away; a bucket's keys are read at the end, and one removed
 * meanwhile is reported as vanished.
 */
export class FilesSnapshot {
  private readonly keys = new Set<string>();
  private staging: string | undefined;

  constructor(
    private readonly source: FilesSource,
    /** A folder on the files' own disk (local: DATA_DIR) for the staging links. */
    private readonly workDir: string,
  ) {}

  async pass(): Promise<void> {
    if (this.source.driver === 's3') {
      for await (const key of this.source.storage.list()) this.keys.add(key);
      return;
    }
    const { root } = this.source;
    this.staging ??= join(this.workDir, `.backup-files-${randomBytes(6).toString('hex')}`);
    for await (const key of listLocalKeys(root)) {
      if (this.keys.has(key)) continue;
      const target = join(this.staging, key);
      await mkdir(dirname(target), { recursive: true });
      const linked = await link(join(root, key), target).then(
        () => true,
        async (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return false;
          // Another disk, or links not allowed: a copy, which is as good between the passes.
          if (error.code === 'EXDEV' || error.code === 'EPERM') {
            await copyFile(join(root, key), target);
            return true;
          }
          throw error;
        },
      );
      if (linked) this.keys.add(key);
    }
  }

  /** Adds every file to the archive; answers the count and the keys that were gone by then. */
  async write(archive: ArchiveWriter): Promise<{ files: number; vanished: string[] }> {
    const vanished: string[] = [];
    let files = 0;
    for (const key of [...this.keys].sort()) {
      if (this.source.driver === 'local') {
        await archive.addLiveFile(`${FILES_PREFIX}${key}`, join(this.staging ?? '', key));
        files += 1;
        continue;
      }
      const body = await this.source.storage.get(key);
      if (body) {
        await archive.addBuffer(`${FILES_PREFIX}${key}`, body);
        files += 1;
      } else vanished.push(key);
    }
    return { files, vanished };
  }

  async dispose(): Promise<void> {
    if (this.staging) await rm(this.staging, { recursive: true, force: true });
  }
}

/** The first stored key, if any: a target with files is not empty. */
export async function firstStoredKey(source: FilesSource): Promise<string | undefined> {
  const keys = source.driver === 'local' ? listLocalKeys(source.root) : source.storage.list();
  for await (const key of keys) return key;
  return undefined;
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};
export const contentTypeOf = (key: string) =>
  CONTENT_TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

/**
 * Local files restored: written to a staging folder beside the target first, then swapped in, so a
 * restore that fails half-way leaves the old folder as it was.
 */
export class LocalFilesRestore {
  readonly staging: string;
  constructor(private readonly root: string) {
    this.staging = join(dirname(root), `.restore-files-${randomBytes(6).toString('hex')}`);
  }
  path(key: string): string {
    return join(this.staging, key);
  }
  async commit(): Promise<void> {
    await mkdir(this.staging, { recursive: true });
    await rm(this.root, { recursive: true, force: true });
    await rename(this.staging, this.root);
  }
  async dispose(): Promise<void> {
    await rm(this.staging, { recursive: true, force: true });
  }
}

const DAY_MS = 24 * 3600_000;

/**
 * Staging folders left by a backup or restore that was killed (their names are ours alone), once a
 * day old: a younger one may belong to a backup another process is making right now.
 */
export async function removeLeftovers(dir: string, now: Date): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (!/^\.(backup|restore)-(files|pglite|bucket)-[0-9a-f]{12}$|^\.restore-dump-[0-9a-f]{12}\.dump$/.test(name))
      continue;
    const { mtimeMs } = await stat(join(dir, name));
    if (now.getTime() - mtimeMs > DAY_MS) await rm(join(dir, name), { recursive: true, force: true });
  }
}
