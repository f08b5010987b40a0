import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await buildTestApp();
  for (const role of ['admin', 'editor', 'user'] as const) {
    await t.createUser({ email: `${role}@pult.test`, role });
    tokens[role] = (await t.signin(`${role}@pult.test`)).apiToken;
  }
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ url, headers: token ? { 'api-token': token } : {} });

describe('the role guard', () => {
  it.each([
    // route, admin, editor, user, nobody
    ['/api/users', 200, 200, 403, 401],
    ['/api/audit-events', 200, 403, 403, 401],
    ['/api/users/me', 200, 200, 200, 401],
  ])('%s: admin %i, editor %i, user %i, no token %i', async (url, admin, editor, user, nobody) => {
    expect((await get(url, tokens.admin)).statusCode).toBe(admin);
    expect((await get(url, tokens.editor)).statusCode).toBe(editor);
    expect((await get(url, tokens.user)).statusCode).toBe(user);
    expect((await get(url)).statusCode).toBe(nobody);
  });

  it('guards every API route that does not declare itself public', async () => {
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes).toContain('/api/users');
    const publicRoutes = [
      '/api/users/signin',
      '/api/users/refresh-token',
      '/api/users/forgot-password',
      '/api/users/reset-password',
    ];
    for (const url of ['/api/users', '/api/audit-events', '/api/users/me']) {
      expect(publicRoutes).not.toContain(url);
      expect((await get(url)).statusCode).toBe(401);
    }
  });

  it('stops a blocked account at once, with no need to wait for its token to expire', async () => {
    await t.createUser({ email: 'soon-blocked@pult.test', role: 'editor' });
    const session = await t.signin('soon-blocked@pult.test');
    expect((await get('/api/users', session.apiToken)).statusCode).toBe(200);
    const { users } = await import('../../src/db/schema');
    const { eq } = await import('drizzle-orm');
    await t.database.db.update(users).set({ status: 'blocked' }).where(eq(users.email, 'soon-blocked@pult.test'));
    expect((await get('/api/users', session.apiToken)).statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/refresh-token',
      payload: { token: session.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
  });
});
