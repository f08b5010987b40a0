import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionTokens } from '../../src/db/schema';
import { buildTestApp, PASSWORD, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.createUser({ email: 'admin@pult.test', role: 'admin' });
  await t.createUser({ email: 'editor@pult.test', role: 'editor' });
  await t.createUser({ email: 'planner@pult.test', role: 'user' });
  await t.createUser({ email: 'blocked@pult.test', role: 'editor', status: 'blocked' });
  await t.createUser({ email: 'deleted@pult.test', role: 'editor', status: 'deleted' });
});
afterAll(() => t.close());

const signin = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/users/signin', payload: payload as object, headers });

describe('POST /users/signin', () => {
  it('returns the user with role and a token pair, never the password hash', async () => {
    const response = await signin({ email: 'Admin@Pult.test', password: PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ email: 'admin@pult.test', role: 'admin', status: 'active', expiresIn: 3600 });
    expect(body.apiToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.apiToken).not.toBe(body.refreshToken);
    expect(new Date(body.apiTokenExpiresAt).getTime() - t.clock.now().getTime()).toBe(3600_000);
    expect(JSON.stringify(body)).not.toMatch(/argon2|passwordHash/i);
  });

  it('stores tokens only as hashes', async () => {
    const session = await t.signin('editor@pult.test');
    const hashes = (await t.database.db.select({ hash: sessionTokens.hash }).from(sessionTokens)).map(
      (row) => row.hash,
    );
    expect(hashes).not.toContain(session.apiToken);
    expect(hashes).not.toContain(session.refreshToken);
    expect(hashes.length).toBeGreaterThanOrEqual(2);
  });

  it('answers 401 in the error shape for a wrong password and for an unknown e-mail alike', async () => {
    for (const payload of [
      { email: 'admin@pult.test', password: 'wrong password' },
      { email: 'nobody@pult.test', password: PASSWORD },
    ]) {
      const response = await signin(payload, { 'x-forwarded-for': '10.0.0.9' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        code: 'INVALID_CREDENTIALS',
        message: 'Wrong e-mail or password',
      });
    }
  });

  it('refuses blocked accounts with 403 and deleted ones as if they did not exist', async () => {
    const blocked = await signin({ email: 'blocked@pult.test', password: PASSWORD });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('ACCOUNT_BLOCKED');
    const deleted = await signin({ email: 'deleted@pult.test', password: PASSWORD });
    expect(deleted.statusCode).toBe(401);
    expect(deleted.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('lets a planner user sign in, but only for planner routes', async () => {
    const session = await t.signin('planner@pult.test');
    expect(session.role).toBe('user');
    const me = await t.app.inject({ url: '/api/users/me', headers: { 'api-token': session.apiToken } });
    expect(me.statusCode).toBe(200);
    const list = await t.app.inject({ url: '/api/users', headers: { 'api-token': session.apiToken } });
    expect(list.statusCode).toBe(403);
    expect(list.json()).toMatchObject({ statusCode: 403, error: 'Forbidden', code: 'FORBIDDEN' });
  });

  it.each([
    ['not JSON', '{"email":', 'application/json'],
    ['an array', '[]', 'application/json'],
    ['missing password', '{"email":"a@b.ru"}', 'application/json'],
    ['a number as e-mail', '{"email":5,"password":"x"}', 'application/json'],
    ['an overlong password', JSON.stringify({ email: 'a@b.ru', password: 'x'.repeat(5000) }), 'application/json'],
    ['form encoding', 'email=a&password=b', 'application/x-www-form-urlencoded'],
  ])('answers 4xx, never 500, for %s', async (_name, body, type) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: body,
      headers: { 'content-type': type },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    const json = response.json();
    expect(json).toMatchObject({
      statusCode: response.statusCode,
      error: expect.any(String),
      message: expect.any(String),
    });
  });

  it('names the invalid fields in `errors`', async () => {
    const response = await signin({ email: 'a@b.ru' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('password');
  });
});
