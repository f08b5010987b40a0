import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/test-app';

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

describe('graceful shutdown', () => {
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

  it('exits 0 on SIGTERM after closing cleanly (the real server process)', async () => {
    const serverPath = fileURLToPath(new URL('../../src/server.ts', import.meta.url));
    const dataDir = mkdtempSync(join(tmpdir(), 'pult-sigterm-'));
    const child = spawn(process.execPath, ['--import', 'tsx', serverPath], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        ADMIN_EMAIL: 'a@pult.test',
        ADMIN_PASSWORD: 'long enough password',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    await new Promise<void>((resolve, reject) => {
      const check = setInterval(() => {
        if (output.includes('Pult is ready')) {
          clearInterval(check);
          resolve();
        }
      }, 50);
      child.once('exit', () => reject(new Error(`server exited early:\n${output}`)));
    });
    const url = output.match(/Pult is ready: (http:\/\/\S+)/)?.[1];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('closed cleanly');
  }, 60_000);
});
