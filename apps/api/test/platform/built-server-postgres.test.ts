import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchPostgresDatabase, testDbKind } from '../helpers/test-database';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const ADMIN = { email: 'built@pult.test', password: 'long enough password' };

/**
 * The build bundles pg, pg-copy-streams and Drizzle's migrator (apps/api/scripts/build.mjs); the
 * browser tests run a build on PGlite. Here a build of its own starts on a new, empty PostgreSQL
 * database, as a deployment does: it migrates, answers a list and streams an export through COPY.
 */
describe.runIf(testDbKind === 'postgres')('the built server on PostgreSQL', () => {
  // Left empty: the built server migrates it, as a deployment's first start does.
  const scratch = scratchPostgresDatabase('built', { migrated: false });
  let build = '';
  let dataDir = '';
  let server: ChildProcess | undefined;
  let base = '';
  let output = '';

  beforeAll(async () => {
    mkdirSync(join(repoRoot, '.test-output'), { recursive: true });
    // Inside the repository: the packages the bundle leaves out resolve from its node_modules.
    build = mkdtempSync(join(repoRoot, '.test-output', 'pg-api-'));
    execFileSync(process.execPath, [join(repoRoot, 'apps/api/scripts/build.mjs'), build, '--no-embedded-snapshot'], {
      stdio: 'pipe',
    });
    await scratch.create();
    dataDir = mkdtempSync(join(tmpdir(), 'pult-built-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: scratch.url,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    };
    for (const key of ['STORAGE_DRIVER', 'SMTP_URL', 'TRUST_PROXY', 'WEB_DIST']) delete env[key];
    server = spawn(process.execPath, ['--enable-source-maps', join(build, 'server.js')], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    server.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    await new Promise<void>((resolve, reject) => {
      const check = setInterval(() => {
        const port = output.match(/Pult is ready: http:\/\/127\.0\.0\.1:(\d+)\//)?.[1];
        if (port) {
          clearInterval(check);
          base = `http://127.0.0.1:${port}`;
          resolve();
        }
      }, 50);
      server?.once('exit', (code) => {
        clearInterval(check);
        reject(new Error(`the built server exited with ${code}:\n${output}`));
      });
    });
  }, 180_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(build, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
    await scratch.drop();
  });

  const signIn = async (): Promise<string> => {
    const response = await fetch(`${base}/api/users/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { apiToken: string }).apiToken;
  };

  it('migrates the empty database and signs the first admin in', async () => {
    expect(output).toContain('database: postgres');
    const token = await signIn();
    const list = await fetch(`${base}/api/users?take=20&page=1`, { headers: { 'api-token': token } });
    expect(list.status).toBe(200);
    const body = (await list.json()) as { items: { email: string }[] };
    expect(body.items.map((user) => user.email)).toContain(ADMIN.email);
  });

  it('streams the users export through COPY', async () => {
    const token = await signIn();
    const response = await fetch(`${base}/api/users/export-data`, {
      headers: { 'api-token': token, 'accept-encoding': 'identity' },
    });
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    // The BOM (which text() would strip), then a header line and the admin's own line.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.toString('utf8');
    expect(csv.split('\r\n').filter((line) => line.includes(ADMIN.email))).toHaveLength(1);
  });

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => server?.once('exit', resolve));
    server?.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
