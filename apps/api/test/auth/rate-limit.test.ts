import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadEnv } from '../../src/env';
import { buildTestApp, PASSWORD, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  // The tests stand for clients behind a trusted proxy, each address in X-Forwarded-For.
  t = await buildTestApp({ extraEnv: { TRUST_PROXY: '127.0.0.1' } });
  await t.createUser({ email: 'editor@pult.test', role: 'editor' });
  await t.createUser({ email: 'other@pult.test', role: 'editor' });
});
afterAll(() => t.close());

const attempt = (email: string, password: string, ip: string, app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/users/signin',
    payload: { email, password },
    headers: { 'x-forwarded-for': ip },
  });

describe('sign-in rate limiting', () => {
  it('locks an account after 5 failures, even for the right password, until the window ends', async () => {
    for (let i = 0; i < 5; i++)
      expect((await attempt('editor@pult.test', 'wrong', `10.1.0.${i}`)).statusCode).toBe(401);
    const locked = await attempt('editor@pult.test', PASSWORD, '10.1.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests', code: 'RATE_LIMITED' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Other accounts are not affected.
    expect((await attempt('other@pult.test', PASSWORD, '10.1.1.2')).statusCode).toBe(200);
    t.clock.advance(15 * 60_000);
    expect((await attempt('editor@pult.test', PASSWORD, '10.1.1.1')).statusCode).toBe(200);
  });

  it('a success resets the account counter', async () => {
    for (let i = 0; i < 4; i++) await attempt('other@pult.test', 'wrong', '10.2.0.1');
    expect((await attempt('other@pult.test', PASSWORD, '10.2.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt('other@pult.test', 'wrong', '10.2.0.1')).statusCode).toBe(401);
    expect((await attempt('other@pult.test', PASSWORD, '10.2.0.1')).statusCode).toBe(200);
  });

  it('limits one address spraying many accounts', async () => {
    for (let i = 0; i < 30; i++) await attempt(`spray${i}@pult.test`, 'wrong', '10.3.0.1');
    expect((await attempt('other@pult.test', PASSWORD, '10.3.0.1')).statusCode).toBe(429);
    expect((await attempt('other@pult.test', PASSWORD, '10.3.0.2')).statusCode).toBe(200);
  });

  it('shares its counters between server processes through the database', async () => {
    // A second app on the same database stands for a second API process behind a load balancer.
    const second = await buildApp({
      env: loadEnv({ DATA_DIR: '/tmp/pult-second', LOG_LEVEL: 'silent', TRUST_PROXY: '127.0.0.1' }),
      database: { ...t.database, close: async () => {} },
      clock: t.clock,
      logger: false,
    });
    await second.ready();
    try {
      for (let i = 0; i < 3; i++) await attempt('editor@pult.test', 'wrong', '10.4.0.1');
      for (let i = 0; i < 2; i++) await attempt('editor@pult.test', 'wrong', '10.4.0.1', second);
      expect((await attempt('editor@pult.test', PASSWORD, '10.4.0.2', second)).statusCode).toBe(429);
      expect((await attempt('editor@pult.test', PASSWORD, '10.4.0.3')).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});
