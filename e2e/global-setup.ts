import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCOUNTS, BASE_URL, PORT } from './accounts';

const root = fileURLToPath(new URL('..', import.meta.url));
// Overridable so several runs (parallel work on one machine) do not share a build or a log.
const webDist = process.env.E2E_WEB_DIST ?? join(root, 'apps/web/dist');
const outputDir = process.env.E2E_OUTPUT_DIR ?? join(root, '.test-output');
export const SERVER_LOG = join(outputDir, 'e2e-server.log');

/** Any HTTP answer means the server is up; a refused connection means not yet. */
const isUp = async (): Promise<boolean> => {
  try {
    await fetch(`${BASE_URL}/api/users/me`, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
};

const waitForServer = async (child: ChildProcess, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if (await isUp()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const tail = existsSync(SERVER_LOG) ? readFileSync(SERVER_LOG, 'utf8').slice(-3000) : '';
  throw new Error(`The API server did not come up on ${BASE_URL} (exit code ${child.exitCode}).\n${tail}`);
};

/**
 * Builds the SPA if needed and the API, creates the test accounts in a fresh data directory, then starts the
 * real server on it. Returns the teardown that stops the server and removes the data.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  mkdirSync(outputDir, { recursive: true });
  if (process.env.E2E_BUILD === '1' || !existsSync(join(webDist, 'index.html'))) {
    execFileSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir'], {
      cwd: join(root, 'apps/web'),
      stdio: 'inherit',
    });
  }
  if (await isUp()) throw new Error(`Something already listens on ${BASE_URL}; stop it or set E2E_PORT.`);
  // The server under test is the built one that `npm start` runs (bundled by esbuild), not the
  // sources through tsx: what users run is what the browser tests click through. Built into a folder
  // of this run's own: the API tests' `npm start` rebuilds apps/api/dist meanwhile.
  mkdirSync(join(root, '.test-output'), { recursive: true });
  const apiBuild = mkdtempSync(join(root, '.test-output', 'e2e-api-'));
  // No empty embedded database in it: the accounts' CLI below has made the folder before the server starts.
  execFileSync(process.execPath, ['apps/api/scripts/build.mjs', apiBuild, '--no-embedded-snapshot'], {
    cwd: root,
    stdio: 'inherit',
  });

  const dataDir = mkdtempSync(join(tmpdir(), 'pult-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    // info, not warn: the reset link (SMTP unset) is an info line the password tests read.
    LOG_LEVEL: 'info',
    WEB_DIST: webDist,
    PUBLIC_URL: BASE_URL,
  };
  // The embedded database and the log mailer, whatever the developer's shell has set.
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'STORAGE_DRIVER']) delete env[name];

  // All accounts in one process: each start of the CLI opened the embedded database again (~3 CPU s).
  const accountsFile = join(dataDir, 'accounts.json');
  writeFileSync(accountsFile, JSON.stringify(Object.values(ACCOUNTS)));
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/create-user.ts', '--accounts', accountsFile], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  rmSync(accountsFile);
  // Promo generations that failed for real (the real worker and handler against a store that refused
  // every write, then mended), for the jobs screen's spec: a run of it retries one and cancels one, so
  // eight let it run four times on one server (--repeat-each).
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/api/test/helpers/e2e-failed-jobs.ts', '--count', '8'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });

  const log = createWriteStream(SERVER_LOG);
  const server = spawn(process.execPath, ['--enable-source-maps', join(apiBuild, 'server.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  await waitForServer(server, 90_000);
  process.env.E2E_SERVER_LOG = SERVER_LOG;
  // Where the server keeps its data: the backups spec runs `npm run backup` beside it.
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 12_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(apiBuild, { recursive: true, force: true });
  };
}
