import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../helpers/api-process';
import { scratchPostgresDatabase, testDbKind } from '../helpers/test-database';

/**
 * docs/decisions/0051: each process keeps its own cache of live staff sessions, and a revocation made
 * through one process reaches the others by NOTIFY. Two real API processes on one PostgreSQL database:
 * a token each has cached is refused by the other within 2 s of the change, also when the other's
 * listening connection was cut while the change was made (it empties its cache when it listens again).
 */
describe.skipIf(testDbKind !== 'postgres')('the session cache across real processes (PostgreSQL)', () => {
  const scratch = scratchPostgresDatabase('sessioncache');
  const children: ChildProcess[] = [];
  let a: ApiProcess;
  let b: ApiProcess;
  const ADMIN = { email: 'admin@pult.test', password: 'long enough password' };

  const call = async (base: string, method: string, path: string, token?: string, body?: object) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { 'api-token': token } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> };
  };
  const signin = async (base: string, credentials: { email: string; password: string }) => {
    const answer = await call(base, 'POST', '/api/users/signin', undefined, credentials);
    expect(answer.status).toBe(200);
    return String(answer.body.apiToken);
  };
  /** Polls until the process refuses the token; answers how long that took. */
  const refusedWithin = async (base: string, token: string, limitMs: number) => {
    const started = Date.now();
    while (Date.now() - started < limitMs) {
      if ((await call(base, 'GET', '/api/users/me', token)).status === 401) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return Number.POSITIVE_INFINITY;
  };

  let adminToken: string;
  const editor = async (email: string) => {
    const created = await call(a.url, 'POST', '/api/users', adminToken, {
      email,
      password: 'editor long password',
      role: 'editor',
    });
    expect(created.status).toBe(200);
    return Number(created.body.id);
  };
  /** An editor's token, used on both processes so that both have it cached. */
  const cachedOnBoth = async (email: string) => {
    const token = await signin(a.url, { email, password: 'editor long password' });
    for (const base of [a.url, b.url, a.url, b.url])
      expect((await call(base, 'GET', '/api/users/me', token)).status).toBe(200);
    return token;
  };

  beforeAll(async () => {
    await scratch.create();
    const env = { DATABASE_URL: scratch.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
    a = await startApiProcess(env);
    children.push(a.child);
    b = await startApiProcess(env);
    children.push(b.child);
    adminToken = await signin(a.url, ADMIN);
  }, 400_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await scratch.drop();
  });

  it('a sign-out through one process is refused by the other within 2 s', async () => {
    await editor('out@pult.test');
    const signedOut = await cachedOnBoth('out@pult.test');
    expect((await call(a.url, 'POST', '/api/users/signout', signedOut)).status).toBe(200);
    expect((await call(a.url, 'GET', '/api/users/me', signedOut)).status).toBe(401);
    expect(await refusedWithin(b.url, signedOut, 2000)).toBeLessThan(2000);
  }, 120_000);

  it('a block and a role change through one process reach the other', async () => {
    const blockedId = await editor('blocked@pult.test');
    const blocked = await cachedOnBoth('blocked@pult.test');
    expect((await call(a.url, 'GET', `/api/users/${blockedId}/manage/block`, adminToken)).status).toBe(200);
    expect((await call(a.url, 'GET', '/api/users/me', blocked)).status).toBe(401);
    expect(await refusedWithin(b.url, blocked, 2000)).toBeLessThan(2000);

    const promotedId = await editor('promoted@pult.test');
    const promoted = await cachedOnBoth('promoted@pult.test');
    const changed = await call(b.url, 'POST', `/api/users/${promotedId}`, await signin(b.url, ADMIN), {
      role: 'admin',
    });
    expect(changed.status).toBe(200);
    expect((await call(b.url, 'GET', '/api/users/me', promoted)).status).toBe(401);
    expect(await refusedWithin(a.url, promoted, 2000)).toBeLessThan(2000);
  }, 120_000);

  it('a process whose listening connection was cut empties its cache when it listens again', async () => {
    await editor('cut@pult.test');
    const token = await cachedOnBoth('cut@pult.test');
    const admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    try {
      // Both processes' LISTEN connections end; a notification sent now reaches neither.
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = 'pult-listen' AND datname = current_database()`,
      );
      expect((await call(a.url, 'POST', '/api/users/signout', token)).status).toBe(200);
      // The listener reconnects after a second; the cache trusts nothing it held before.
      expect(await refusedWithin(b.url, token, 5000)).toBeLessThan(5000);
    } finally {
      await admin.end();
    }
  }, 120_000);
});
