import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../src/db/client';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { testDbKind } from '../helpers/test-database';

/**
 * An admin who closes the tab mid-download: the export stops reading, and on PostgreSQL its pool
 * connection (busy in a COPY) is closed instead of kept — more aborted downloads than the pool has
 * connections leave the API working.
 */
let t: TestApp;
let base = '';
let admin = '';
const USERS = 30_000;

beforeAll(async () => {
  t = await buildTestApp();
  await t.createUser({ email: 'admin@pult.test', role: 'admin' });
  admin = (await t.signin('admin@pult.test')).apiToken;
  await t.database.db.execute(
    sql`insert into users (email, first_name, last_name)
        select 'user' || i || '@mail.ru', 'Имя ' || i, 'Фамилия ' || i from generate_series(1, ${USERS}) as i`,
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  // After the aborted downloads, this test's own HTTP client (fetch) holds two more connections open,
  // with no request on them (seen on both engines; every response was let go). Node counts a connection
  // that has not yet sent a request as busy until its header timeout (60 s, checked every 30 s), so
  // Fastify's close, which ends idle connections only, waited ~70 s for them, idle, at the end of CI's
  // PostgreSQL pass. They are the client's, not an export's: closed here, not waited for.
  (t.app.server as Server).closeAllConnections();
  await t.close();
});

const exportUrl = () => `${base}/api/users/export-data`;

async function abortAfterFirstChunk() {
  const controller = new AbortController();
  const response = await fetch(exportUrl(), { headers: { 'api-token': admin }, signal: controller.signal });
  expect(response.status).toBe(200);
  const reader = response.body?.getReader();
  const first = await reader?.read();
  expect(first?.done).toBe(false);
  controller.abort();
  await reader?.cancel().catch(() => undefined);
}

describe('an aborted export', () => {
  it('gives its connection back: more aborted downloads than pool connections, then a full export', async () => {
    for (let i = 0; i < 12; i++) await abortAfterFirstChunk();
    const pool = t.database.pool;
    if (pool) {
      // Every client is back (idle) or gone; none is held by an abandoned COPY.
      await vi.waitFor(() => expect(pool.totalCount - pool.idleCount).toBe(0), { timeout: 20_000, interval: 50 });
      await vi.waitFor(
        async () => {
          const copies = await queryRows<{ n: number }>(
            t.database.db,
            sql`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and query like 'COPY (SELECT%' and state = 'active'`,
          );
          expect(copies[0]?.n).toBe(0);
        },
        { timeout: 20_000, interval: 100 },
      );
    }
    const whole = await fetch(exportUrl(), { headers: { 'api-token': admin } });
    const text = await whole.text();
    expect(text.trimEnd().split('\r\n')).toHaveLength(1 + 1 + USERS);
    expect(testDbKind === 'postgres' ? Boolean(pool) : !pool).toBe(true);
  });
});
