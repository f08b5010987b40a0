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
});
