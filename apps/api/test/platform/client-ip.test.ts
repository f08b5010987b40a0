import { desc } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/db/schema';
import { loadEnv } from '../../src/env';
import { buildTestApp, PASSWORD, type TestApp } from '../helpers/test-app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const start = async (extraEnv: Record<string, string> = {}) => {
  t = await buildTestApp({ extraEnv });
  await t.createUser({ email: 'admin@pult.test', role: 'admin' });
  return t;
};

const signin = (app: TestApp, forwardedFor?: string, password = PASSWORD) =>
  app.app.inject({
    method: 'POST',
    url: '/api/users/signin',
    payload: { email: 'admin@pult.test', password },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

const lastAuditIp = async (app: TestApp) => {
  const [row] = await app.database.db.select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
  return row?.ip;
};

describe('TRUST_PROXY', () => {
  it('parses off, true, a hop count and address lists, and refuses anything else', () => {
    const base = { DATA_DIR: '/tmp/pult-env' };
    expect(loadEnv(base).TRUST_PROXY).toBe(false);
    expect(loadEnv({ ...base, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ ...base, TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ ...base, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ ...base, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    for (const wrong of ['yes', '10.0.0.0/33', '999.1.1.1', '127.0.0.1,garbage']) {
      expect(() => loadEnv({ ...base, TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
    }
  });

  it('ignores X-Forwarded-For by default: the audit log keeps the real peer address', async () => {
    const app = await start();
    const response = await signin(app, '203.0.113.7');
    expect(response.statusCode, response.body).toBe(200);
    expect(await lastAuditIp(app)).toBe('127.0.0.1');
  });

  it('takes the client address from a proxy it is told to trust', async () => {
    const app = await start({ TRUST_PROXY: '127.0.0.1' });
    expect((await signin(app, '203.0.113.7')).statusCode).toBe(200);
    expect(await lastAuditIp(app)).toBe('203.0.113.7');
  });

  // One server for the four headers: each case signs in and writes its own audited row.
  describe('a trusted proxy forwarding a malformed header', () => {
    let shared: TestApp;
    beforeAll(async () => {
      shared = await buildTestApp({ extraEnv: { TRUST_PROXY: '127.0.0.1' } });
      await shared.createUser({ email: 'admin@pult.test', role: 'admin' });
    });
    afterAll(async () => {
      await shared.close();
    });

    it.each(['garbage', '999.1.1.1', '1.2.3.4, garbage', 'fe80::1%eth0; drop'])(
      '%j never fails a request: sign-in and an audited action succeed',
      async (header) => {
        const session = await signin(shared, header);
        expect(session.statusCode, session.body).toBe(200);
        expect(await lastAuditIp(shared)).toBe('127.0.0.1');
        const created = await shared.app.inject({
          method: 'POST',
          url: '/api/subscriptions/desc',
          headers: { 'api-token': session.json().apiToken, 'x-forwarded-for': header },
          payload: { title: `Год ${header}`, price: 100, period: 'year', durationDays: 365, features: [] },
        });
        expect(created.statusCode, created.body).toBe(200);
        expect(await lastAuditIp(shared)).toBe('127.0.0.1');
      },
    );
  });
});
