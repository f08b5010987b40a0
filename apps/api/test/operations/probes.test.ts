import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, type Db, openDatabase, queryRows } from '../../src/db/client';
import { readinessProbe } from '../../src/modules/operations/readiness';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { asTestAdmin, databaseUrl, testDbKind } from '../helpers/test-database';

const ready = { status: 'ok', checks: { database: 'ok', migrations: 'ok', shutdown: 'ok' } };

describe('GET /healthz and GET /readyz', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A built SPA: its fallback must not answer the probes (or /metrics) with index.html.
    const webDist = mkdtempSync(join(tmpdir(), 'pult-probes-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Pult</title>');
    t = await buildTestApp({ extraEnv: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answer JSON at the root, outside /api and the SPA fallback, to anyone', async () => {
    const health = await t.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect(health.headers['cache-control']).toBe('no-store');
    const readiness = await t.app.inject({ url: '/readyz' });
    expect(readiness.statusCode).toBe(200);
    expect(readiness.json()).toEqual(ready);
    // Not under /api, and /metrics without METRICS_TOKEN is a JSON 404, not the SPA.
    for (const url of ['/api/healthz', '/api/readyz', '/metrics']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
    // The SPA still answers its own routes.
    expect((await t.app.inject({ url: '/app/users' })).headers['content-type']).toMatch(/^text\/html/);
  });

  it('/readyz is 503 with its checks while a migration this code ships is not applied', async () => {
    const [newest] = await queryRows<{ hash: string; created_at: string }>(
      t.database.db,
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations) RETURNING hash, created_at`,
    );
    try {
      const response = await t.app.inject({ url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', migrations: 'pending', shutdown: 'ok' },
      });
    } finally {
      await t.database.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${newest?.hash}, ${newest?.created_at})`,
      );
    }
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual(ready);
  });

  it('/readyz is 503 once the database is gone; /healthz, which asks nothing of it, stays 200', async () => {
    const own = await buildTestApp();
    try {
      await own.database.close();
      const response = await own.app.inject({ url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'down', migrations: 'unchecked', shutdown: 'ok' },
      });
      expect((await own.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await own.app.close().catch(() => undefined);
    }
  });
});

// The probe's own rules (time limit, one query at a time) do not depend on the engine: once.
describe.skipIf(testDbKind === 'postgres')('the readiness probe', () => {
  it('gives up on a database that does not answer, and sends it one query however many probes wait', async () => {
    let queries = 0;
    // A database that takes every query and never answers (a network partition, a stopped VM).
    const hanging = {
      execute: () => {
        queries += 1;
        return new Promise(() => undefined);
      },
    } as unknown as Db; // why: the probe only calls execute
    const probe = readinessProbe({ db: hanging, draining: () => false });
    const answers = await Promise.all([probe.check(), probe.check(), probe.check()]);
    for (const answer of answers)
      expect(answer).toEqual({
        status: 'unavailable',
        checks: { database: 'timeout', migrations: 'unchecked', shutdown: 'ok' },
      });
    expect(await probe.check()).toMatchObject({ checks: { database: 'timeout' } });
    expect(queries).toBe(1);
  });

  it('says draining from the shutdown signal on, without asking the database', async () => {
    let queries = 0;
    const db = {
      execute: async () => {
        queries += 1;
        return { rows: [] };
      },
    } as unknown as Db; // why: the probe only calls execute
    const probe = readinessProbe({ db, draining: () => true });
    expect(await probe.check()).toEqual({
      status: 'unavailable',
      checks: { database: 'unchecked', migrations: 'unchecked', shutdown: 'draining' },
    });
    expect(queries).toBe(0);
  });
});

/**
 * A TCP proxy in front of the test PostgreSQL: `hang()` stops passing bytes (the server is there but
 * does not answer, like a partition), `resume()` passes them again, `stop()` drops every connection
 * and refuses new ones (the server is down).
 */
async function postgresProxy(target: URL) {
  const pairs = new Set<[Socket, Socket]>();
  let hanging = false;
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const forward = (from: Socket, to: Socket) =>
      from.on('data', (chunk) => {
        if (hanging) from.pause();
        to.write(chunk);
      });
    forward(client, upstream);
    forward(upstream, client);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    hang() {
      hanging = true;
      for (const [client, upstream] of pairs) {
        client.pause();
        upstream.pause();
      }
    },
    resume() {
      hanging = false;
      for (const [client, upstream] of pairs) {
        client.resume();
        upstream.resume();
      }
    },
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const [client, upstream] of pairs) {
          client.destroy();
          upstream.destroy();
        }
      });
    },
  };
}

describe.skipIf(testDbKind !== 'postgres')('/readyz on a PostgreSQL server that stops answering', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `pult_t_${randomBytes(6).toString('hex')}`;
  let proxy: Awaited<ReturnType<typeof postgresProxy>>;
  let database: Database;
  let t: TestApp;

  beforeAll(async () => {
    const template = inject('postgresTemplate');
    await asTestAdmin(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    const direct = new URL(databaseUrl(adminUrl, name));
    proxy = await postgresProxy(direct);
    const proxied = new URL(direct);
    proxied.host = `127.0.0.1:${proxy.port}`;
    database = await openDatabase({ url: proxied.toString() });
    t = await buildTestApp({ database });
  });
  afterAll(async () => {
    proxy?.resume();
    await proxy?.stop();
    await t?.app.close().catch(() => undefined);
    await asTestAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('is 503 (timeout) while the server hangs, 200 once it answers again, 503 (down) once it is gone', async () => {
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual(ready);
    proxy.hang();
    const hung = await Promise.all([t.app.inject({ url: '/readyz' }), t.app.inject({ url: '/readyz' })]);
    for (const response of hung) {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'unavailable', checks: { database: 'timeout' } });
    }
    proxy.resume();
    let answer = await t.app.inject({ url: '/readyz' });
    // The hung query finishes once bytes flow again; the next probe asks afresh.
    for (let i = 0; i < 50 && answer.statusCode !== 200; i++) answer = await t.app.inject({ url: '/readyz' });
    expect(answer.json()).toEqual(ready);
    await proxy.stop();
    const down = await t.app.inject({ url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({
      status: 'unavailable',
      checks: { database: expect.stringMatching(/^(down|timeout)$/) },
    });
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
