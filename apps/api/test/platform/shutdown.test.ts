import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { installGracefulShutdown } from '../../src/lib/graceful-shutdown';
import { buildTestApp } from '../helpers/test-app';
import { testDbKind } from '../helpers/test-database';

type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

/** A GET on `agent` (an open keep-alive connection), or on a connection of its own (`agent: false`). */
const get = (port: number, path: string, agent: Agent | false) =>
  new Promise<Answer>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });

/** What a request that arrives during the drain is told: the one error shape, try again, not here. */
const expectTurnedAway = (answer: Answer) => {
  expect(answer.status).toBe(503);
  expect(answer.headers.connection).toBe('close');
  expect(answer.headers['retry-after']).toBe('5');
  // Answered in front of Fastify, and still with an id for the client's and the proxy's logs.
  expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(JSON.parse(answer.body)).toEqual({
    statusCode: 503,
    error: 'Service Unavailable',
    code: 'SERVICE_UNAVAILABLE',
    message: expect.any(String),
  });
};

// Draining requests does not depend on the engine: once, in the PGlite pass.
describe.skipIf(testDbKind === 'postgres')('graceful shutdown', () => {
  it('keeps listening while requests in flight finish, answers new ones 503 on new and open connections, then closes the database', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered: () => void = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let shutdown: { shutDown(): Promise<void> } | undefined;
    // A slow route stands for any request still being served when SIGTERM arrives.
    const t = await buildTestApp({
      extend: (app) => {
        app.get('/slow', async () => {
          entered();
          await gate;
          return { done: true };
        });
        shutdown = installGracefulShutdown(app);
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    const warm = await get(port, '/api/no-such-route', keepAlive);
    expect(warm.status).toBe(404);

    const inFlight = get(port, '/slow', false);
    await inside;
    expect(t.app.draining).toBe(false);
    const closing = shutdown?.shutDown();
    // The hook a readiness check reads.
    expect(t.app.draining).toBe(true);
    // New requests, on the connection already open and on a new one, are turned away, not reset or refused.
    expectTurnedAway(await get(port, '/api/users/me', keepAlive));
    expectTurnedAway(await get(port, '/api/users/me', false));
    release();
    const finished = await inFlight;
    expect(finished.status).toBe(200);
    expect(finished.body).toBe('{"done":true}');
    // Told not to come back on this connection.
    expect(finished.headers.connection).toBe('close');
    await closing;
    await expect(t.database.db.execute('select 1')).rejects.toThrow();
    // Closed now: nothing listens any more.
    await expect(get(port, '/api/users/me', false)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    keepAlive.destroy();
  });
});

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const LIST = '/api/subscriptions/desc?take=20';

type Outcome = { status: number } | { error: string };

/**
 * `npm start` exactly as the README says, in its own process group, on a fresh data folder. `env`
 * adds to (or, with undefined, removes from) the environment.
 */
async function startLikeReadme(env: Record<string, string | undefined> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pult-sigterm-'));
  const childEnv: NodeJS.ProcessEnv = {
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
  for (const name of ['DATABASE_URL', 'STORAGE_DRIVER', 'SMTP_URL', 'TRUST_PROXY', 'WEB_DIST']) delete childEnv[name];
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[name];
    else childEnv[name] = value;
  }
  const npm = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: childEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
  const waitForOutput = async (what: string | RegExp) => {
    while (!(typeof what === 'string' ? output.includes(what) : what.test(output)))
      await new Promise((resolve) => setTimeout(resolve, 10));
  };
  return { npm, exited, port, serverPid, output: () => output, waitForOutput };
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

/** Never leaves a server behind, whatever failed: these are the processes the test started. */
const killLeftovers = (server: { npm: { pid?: number }; serverPid: number }) => {
  for (const pid of [server.serverPid, server.npm.pid ?? 0]) if (pid > 0 && alive(pid)) process.kill(pid, 'SIGKILL');
};

/** A raw connection: what the server sent, and when it closed the connection. */
function rawConnection(port: number) {
  let received = '';
  const socket = connect(port, '127.0.0.1');
  socket.on('data', (chunk) => {
    received += chunk;
  });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, received: () => received, closed };
}

// The server started the README's way runs on its own PGlite whatever the pass: once, in the PGlite pass.
describe.skipIf(testDbKind === 'postgres')('SIGTERM to the server started by `npm start`', () => {
  it.each([
    ['the npm process', (pid: number) => process.kill(pid, 'SIGTERM')],
    ['the whole process group', (pid: number) => process.kill(-pid, 'SIGTERM')],
  ])(
    'sent to %s: requests in flight finish, new ones get 503 (as the README says) until they have, then it exits',
    async (_to, signal) => {
      // Request lines are logged at debug: the test counts them to know what has arrived.
      const server = await startLikeReadme({ LOG_LEVEL: 'debug' });
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
        // One more request in flight that the test holds: a sign-in whose body is half sent.
        const body = JSON.stringify({ email: 'a@pult.test', password: 'long enough password' });
        const held = rawConnection(port);
        held.socket.write(
          `POST /api/users/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
        );
        // Signal once the server has taken in all 51 (each is logged as it arrives, at debug).
        const arrived = (path: string) => server.output().split(`"url":"${path}`).length - 1;
        while (arrived('/api/subscriptions/desc') < 50 || arrived('/api/users/signin') < 2)
          await new Promise((resolve) => setTimeout(resolve, 10));
        signal(npm.pid ?? 0);
        await server.waitForOutput('shutting down');

        // While the held request is in flight, the server still listens and turns new requests away.
        expectTurnedAway(await get(port, '/api/users/me', false));
        expectTurnedAway(await get(port, '/', false));

        const outcomes = await Promise.all(requests);
        agent.destroy();
        // Every request that had arrived is served.
        expect(outcomes).toEqual(Array.from({ length: 50 }, () => ({ status: 200 })));
        held.socket.write(body.slice(10));
        await held.closed;
        expect(held.received()).toMatch(/^HTTP\/1\.1 200 /);
        expect(held.received().toLowerCase()).toContain('connection: close');
        expect(await server.exited).toBe(0);
        expect(server.output()).toContain('closed cleanly');
        expect(alive(serverPid)).toBe(false);
      } finally {
        killLeftovers(server);
      }
    },
    240_000,
  );

  it('/readyz answers 503 with its checks from the signal on, while a request in flight still finishes; /healthz stays 200', async () => {
    // Request lines are logged at debug: the test knows from them that the held request has arrived.
    const server = await startLikeReadme({ LOG_LEVEL: 'debug' });
    const { npm, port } = server;
    try {
      const before = await get(port, '/readyz', false);
      expect(before.status).toBe(200);
      expect(JSON.parse(before.body)).toEqual({
        status: 'ok',
        checks: { database: 'ok', migrations: 'ok', shutdown: 'ok' },
      });
      // A request in flight that the test holds: a sign-in whose body is half sent.
      const body = JSON.stringify({ email: 'a@pult.test', password: 'long enough password' });
      const held = rawConnection(port);
      held.socket.write(
        `POST /api/users/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
      );
      await server.waitForOutput('"url":"/api/users/signin"');
      process.kill(npm.pid ?? 0, 'SIGTERM');
      await server.waitForOutput('shutting down');

      // A load balancer's probe is answered by its route: not ready, and why; nothing else is served.
      const draining = await get(port, '/readyz', false);
      expect(draining.status).toBe(503);
      expect(JSON.parse(draining.body)).toEqual({
        status: 'unavailable',
        checks: { database: 'unchecked', migrations: 'unchecked', shutdown: 'draining' },
      });
      expect(draining.headers.connection).toBe('close');
      expect((await get(port, '/healthz', false)).status).toBe(200);
      expectTurnedAway(await get(port, '/api/users/me', false));

      held.socket.write(body.slice(10));
      await held.closed;
      expect(held.received()).toMatch(/^HTTP\/1\.1 200 /);
      expect(await server.exited).toBe(0);
    } finally {
      killLeftovers(server);
    }
  }, 240_000);

  it('a first start prints the generated password again under the ready line and no line per request; slow clients are cut off', async () => {
    const server = await startLikeReadme({
      ADMIN_EMAIL: undefined,
      ADMIN_PASSWORD: undefined,
      REQUEST_HEADERS_TIMEOUT: '1',
      REQUEST_BODY_TIMEOUT: '1',
      REQUEST_BODY_MIN_RATE: '1000',
    });
    const { npm, port } = server;
    try {
      await server.waitForOutput(/Sign in as .*\n/);
      const password = server.output().match(/Password \(shown once[^:]*\): (\S+)/)?.[1];
      expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
      // The last thing the start prints: the address, then the account to sign in with.
      const [, afterReady = ''] = server.output().split('Pult is ready');
      expect(afterReady).toContain(`Sign in as admin@pult.local with the password ${password} `);

      // Requests at the default level (info) add nothing to the terminal.
      for (const path of ['/', '/api/users/me', '/api/config', '/assets/missing.js'])
        expect((await get(port, path, false)).status).toBeGreaterThan(0);
      const signin = await get(port, '/api/no-such-route', false);
      expect(signin.status).toBe(404);
      expect(server.output()).not.toContain('incoming request');
      expect(server.output()).not.toContain('request completed');

      // A body trickling in is answered 408 and the connection closed, as REQUEST_BODY_TIMEOUT says.
      const slow = rawConnection(port);
      slow.socket.write(
        'POST /api/users/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
      );
      for (let i = 0; i < 100 && !slow.socket.destroyed; i++) {
        slow.socket.write('x');
        await Promise.race([slow.closed, new Promise((resolve) => setTimeout(resolve, 200))]);
      }
      await slow.closed;
      expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(slow.received()).toContain('"code":"REQUEST_TIMEOUT"');
      // Headers that never end, likewise (REQUEST_HEADERS_TIMEOUT).
      const silent = rawConnection(port);
      silent.socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      await silent.closed;
      expect(silent.received()).toMatch(/^HTTP\/1\.1 408 /);

      process.kill(npm.pid ?? 0, 'SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      killLeftovers(server);
    }
  }, 240_000);
});
