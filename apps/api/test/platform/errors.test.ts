import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the error shape', () => {
  it('answers unknown API routes with a JSON 404', async () => {
    const response = await t.app.inject({ url: '/api/no-such-thing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      code: 'NOT_FOUND',
      message: 'Route GET /api/no-such-thing not found',
    });
  });

  it('answers an oversized body with 413 in the same shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: JSON.stringify({ email: 'a'.repeat(2_000_000), password: 'x' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
  });

  it('validates query strings: 400 naming the field, never 500', async () => {
    const admin = await t.createUser({ email: 'admin@pult.test', role: 'admin' });
    expect(admin).toBeGreaterThan(0);
    const { apiToken } = await t.signin('admin@pult.test');
    for (const query of ['take=0', 'take=101', 'take=abc', 'page=0', 'page=-1', 'page=1.5']) {
      const response = await t.app.inject({ url: `/api/users?${query}`, headers: { 'api-token': apiToken } });
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().errors ?? {}).length, query).toBeGreaterThan(0);
    }
  });

  it('refuses NUL and lone surrogates in any string with a 400 naming the field, never a 500', async () => {
    await t.createUser({ email: 'nul-admin@pult.test', role: 'admin' });
    const { apiToken } = await t.signin('nul-admin@pult.test');
    const headers = { 'api-token': apiToken };
    const cases = [
      {
        method: 'POST' as const,
        url: '/api/users/signin',
        payload: { email: 'nul-admin@pult.test', password: 'x\u0000y' },
      },
      { method: 'POST' as const, url: '/api/users/forgot-password', payload: { email: 'a\u0000@pult.test' } },
      {
        method: 'POST' as const,
        url: '/api/users',
        headers,
        payload: { email: 'new@pult.test', firstName: 'Ив\u0000ан' },
      },
      { method: 'GET' as const, url: `/api/users?where=${encodeURIComponent('{"email":"a\u0000"}')}`, headers },
      {
        method: 'POST' as const,
        url: '/api/subscriptions/desc',
        headers,
        payload: { title: 'Plan \ud800', price: 1, period: 'month', durationDays: 30 },
      },
    ];
    for (const { method, url, payload, headers: sent } of cases) {
      const response = await t.app.inject({ method, url, payload, headers: sent });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('answers ids beyond a PostgreSQL integer with 400, not 500', async () => {
    await t.createUser({ email: 'big-admin@pult.test', role: 'admin' });
    const { apiToken } = await t.signin('big-admin@pult.test');
    for (const url of ['/api/users/2147483648', '/api/promo-codes/2147483648', '/api/users/2147483648/manage/block']) {
      const response = await t.app.inject({ url, headers: { 'api-token': apiToken } });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors, url).toBeDefined();
    }
  });
});
