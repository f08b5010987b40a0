import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { usersPath } from '../lib/api';
import { benchDir } from '../lib/capture-sql';
import { runOpenLoad } from '../lib/open-load';
import type { MeasuredScenario } from './scenario';

const run = promisify(execFile);
const BACKGROUND_RATE = 20;
const TARGET_P99_MS = 100;
const repoRoot = join(benchDir, '..');

const loads = () => loadavg().map((n) => Math.round(n * 100) / 100);

/** Bytes of every file under a folder (the embedded database's size on disk). */
function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  return total;
}

interface ManifestSummary {
  members: { path: string; size: number }[];
  storage: { files: number };
  schema: { migration: string };
}

/**
 * Issue 33 item 4: `npm run backup` of the running server's database (PostgreSQL: pg_dump; PGlite:
 * the server's online copy through its control socket) while the users list's first page is asked
 * 20 times a second. Needs `--database-url` (PostgreSQL) or `--data-dir` (the server's DATA_DIR; for
 * PGlite, and for the local files on PostgreSQL) and `--db` saying which the server runs on.
 */
export const backupScenario: MeasuredScenario = {
  name: 'backup',
  mode: { kind: 'measured' },
  target: { concurrentP99Ms: TARGET_P99_MS },
  notes: `npm run backup -- --out <tmp> (the CLI as an operator runs it beside the server); meanwhile GET /api/users?take=20&page=1 at ${BACKGROUND_RATE} req/s, evenly spaced (open load). Time is the command's wall clock, start to the archive read back and checked; sizes from the archive's manifest.`,
  async run({ options, token }) {
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
    delete env.INIT_CWD;
    const scratch = mkdtempSync(join(tmpdir(), 'pult-bench-backup-'));
    if (options.db === 'postgres') {
      if (!options.databaseUrl)
        throw new Error("backup on PostgreSQL needs --database-url (the server's DATABASE_URL)");
      env.DATABASE_URL = options.databaseUrl;
      env.DATA_DIR = options.dataDir ?? scratch;
    } else {
      if (!options.dataDir) throw new Error("backup on PGlite needs --data-dir (the server's DATA_DIR)");
      delete env.DATABASE_URL;
      env.DATA_DIR = options.dataDir;
    }
    const archive = join(scratch, 'bench-backup.tar.gz');
    const loadBefore = loads();
    const stop = new AbortController();
    const background = runOpenLoad({
      url: options.url,
      request: { method: 'GET', path: usersPath(1), headers: { 'api-token': token } },
      rate: BACKGROUND_RATE,
      durationSeconds: 3600,
      stop: stop.signal,
    });
    try {
      const started = performance.now();
      await run(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/backup.ts', '--out', archive], {
        cwd: repoRoot,
        env,
      });
      const seconds = Math.round((performance.now() - started) / 10) / 100;
      stop.abort();
      const users = await background;
      const { stdout } = await run('tar', ['-xzOf', archive, 'manifest.json'], { maxBuffer: 64 * 1024 * 1024 });
      const manifest = JSON.parse(stdout) as ManifestSummary;
      const databaseBytes = manifest.members
        .filter((member) => member.path.startsWith('database/'))
        .reduce((sum, member) => sum + member.size, 0);
      const measurements = {
        db: options.db,
        backupSeconds: seconds,
        archiveBytes: statSync(archive).size,
        databaseBytesInArchive: databaseBytes,
        ...(options.db === 'pglite' && options.dataDir
          ? { pgliteFolderBytes: folderBytes(join(options.dataDir, 'pglite')) }
          : {}),
        files: manifest.storage.files,
        members: manifest.members.length,
        schema: manifest.schema.migration,
        loadAverageBefore: loadBefore,
        loadAverageAfter: loads(),
        concurrentUsersPage1: {
          targetRate: BACKGROUND_RATE,
          loadModel: 'open',
          maxInFlight: users.maxInFlight,
          perSecond: users.perSecond,
          latencyMs: users.latencyMs,
          errors: users.errors,
          non2xx: users.non2xx,
        },
      };
      return { measurements, met: users.latencyMs.p99 <= TARGET_P99_MS && users.non2xx === 0 && users.errors === 0 };
    } finally {
      stop.abort();
      await background.catch(() => undefined);
      rmSync(scratch, { recursive: true, force: true });
    }
  },
};
