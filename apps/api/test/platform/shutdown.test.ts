import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/test-app';
import { testDbKind } from '../helpers/test-database';

const get = (port: number, path: string, agent?: Agent) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });

// Draining requests does not depend on the engine: once, in the PGlite pass.
describe.skipIf(testDbKind === 'postgres')('graceful shutdown', () => {
  it('lets in-flight requests finish, answers new ones 503, then closes the database', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered: () => void = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    // A slow route stands for any request still being served when SIGTERM arrives.
    const t = await buildTestApp({
      extend: (app) =>
        app.get('/slow', async () => {
          entered();
          await gate;
          return { done: true };
        }),
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    const warm = await get(port, '/api/no-such-route', keepAlive);
    expect(warm.status).toBe(404);

    const inFlight = get(port, '/slow');
    await inside;
    const closing = t.app.close();
    // A new request on an already open connection is turned away rather than started.
    const late = await get(port, '/api/users/me', keepAlive).catch((error: NodeJS.ErrnoException) => ({
      status: error.code === 'ECONNRESET' || error.code === 'ECONNREFUSED' ? 503 : 0,
      body: '',
    }));
    expect(late.status).toBe(503);
    release();
    const finished = await inFlight;
    expect(finished).toEqual({ status: 200, body: '{"done":true}' });
    await closing;
    await expect(t.database.db.execute('select 1')).rejects.toThrow();
    keepAlive.destroy();
  });
});

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const LIST = '/api/subscriptions/desc?take=20';

type Outcome = { status: number } | { error: string };

/** `npm start` exactly as the README says, in its own process group, on a fresh data folder. */
async function startLikeReadme() {
  const dataDir = mkdtempSync(join(tmpdir(), 'pult-sigterm-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ADMIN_EMAIL: 'a@pult.test',
    ADMIN_PASSWORD: 'long enough password',
    // The pages are not needed here and building them takes long; everything else is the same command.
    PULT_SKIP_WEB_BUILD: '1',
  };
  for (const name of ['DATABASE_URL', 'STORAGE_DRIVER', 'SMTP_URL', 'TRUST_PROXY', 'WEB_DIST']) delete env[name];
  const npm = spawn('npm', ['start'], { cwd: repoRoot, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  npm.stdout.on('data', (chunk) => {
    output += chunk;
  });
  npm.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const check = setInterval(() => {
      // Ready, and a log line has named the server's pid (stdout and stderr arrive in either order).
      if (output.includes('Pult is ready') && /"pid":\d+/.test(output)) {
        clearInterval(check);
        resolve();
      }
    }, 50);
    void exited.then(() => {
      clearInterval(check);
      reject(new Error(`npm start exited early:\n${output}`));
    });
  });
  const port = Number(output.match(/Pult is ready: http:\/\/127\.0\.0\.1:(\d+)\//)?.[1]);
  const serverPid = Number(output.match(/"pid":(\d+)/)?.[1]);
  return { npm, exited, port, serverPid, output: () => output };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const parentOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);

// The server started the README's way runs on its own PGlite whatever the pass: once, in the PGlite pass.
describe.skipIf(testDbKind === 'postgres')('SIGTERM to the server started by `npm start`', () => {
  it.each([
    ['the npm process', (pid: number) => process.kill(pid, 'SIGTERM')],
    ['the whole process group', (pid: number) => process.kill(-pid, 'SIGTERM')],
  ])(
    'sent to %s: requests in flight finish, the shutdown is logged, nothing is left running',
    async (_to, signal) => {
      const server = await startLikeReadme();
      const { npm, port, serverPid } = server;
      try {
        expect(port).toBeGreaterThan(0);
        // The server is npm's own child (the script ends in `exec`), so npm's forwarded signal reaches it.
        expect(parentOf(serverPid)).toBe(npm.pid);
        const signin = await fetch(`http://127.0.0.1:${port}/api/users/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'a@pult.test', password: 'long enough password' }),
        });
        expect(signin.status).toBe(200);
        const { apiToken } = (await signin.json()) as { apiToken: string };

        const agent = new Agent({ keepAlive: true, maxSockets: 50 });
        const requests = Array.from(
          { length: 50 },
          () =>
            new Promise<Outcome>((resolve) => {
              const req = httpRequest(
                { host: '127.0.0.1', port, path: LIST, agent, headers: { 'api-token': apiToken } },
                (res) => {
                  res.resume();
                  res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
                  res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
                },
              );
              req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
              req.end();
            }),
        );
        // Signal once the server has taken in all 50 (each is logged as it arrives).
        const arrived = () => server.output().split(LIST).length - 1;
        while (arrived() < 50) await new Promise((resolve) => setTimeout(resolve, 10));
        signal(npm.pid ?? 0);

        const outcomes = await Promise.all(requests);
        agent.destroy();
        // Finished, or refused cleanly (503 while closing, or no connection at all): never reset mid-request.
        const unclean = outcomes.filter(
          (o) =>
            !('status' in o && (o.status === 200 || o.status === 503)) && !('error' in o && o.error === 'ECONNREFUSED'),
        );
        expect(unclean).toEqual([]);
        expect(outcomes.filter((o) => 'status' in o && o.status === 200).length).toBeGreaterThan(0);
        expect(await server.exited).toBe(0);
        expect(server.output()).toContain('shutting down');
        expect(server.output()).toContain('closed cleanly');
        expect(alive(serverPid)).toBe(false);
      } finally {
        // Never leave a server behind, whatever failed above: these are the processes this test started.
        for (const pid of [serverPid, npm.pid ?? 0]) if (pid > 0 && alive(pid)) process.kill(pid, 'SIGKILL');
      }
    },
    240_000,
  );
});
