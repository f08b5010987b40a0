import { type Access, allEndpoints, type Role, staffRoles } from '@pult/contract';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/**
 * Every route the app registers, seen through Fastify's `onRoute` hook. The hook is added to each
 * instance the app creates by wrapping the `fastify` factory for this file only, so production code
 * keeps no list of its own and a route added anywhere is checked without editing this test.
 */
const registered = vi.hoisted(() => [] as RouteOptions[]);
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof import('fastify')>();
  const factory = ((options?: object) => {
    const app = original.default(options);
    app.addHook('onRoute', (route) => {
      registered.push(route);
    });
    return app;
  }) as unknown as typeof original.default;
  return { ...original, default: factory, fastify: factory };
});

interface ApiRoute {
  method: string;
  path: string;
  access: Access;
}

/** Valid-looking values for path parameters: the guard answers before validation, but keep them plausible. */
const sampleParam = (name: string) => {
  if (/id$/i.test(name)) return '1';
  if (name === 'action') return 'enable';
  if (name === 'code') return 'ABCD2345';
  return 'sample';
};
const fill = (path: string) => path.replace(/:(\w+)/g, (_, name: string) => sampleParam(name)).replace('*', 'x');

/** The guarded /api scope; the OpenAPI viewer at /api/docs is public documentation outside it. */
function apiRoutes(): ApiRoute[] {
  const seen = new Map<string, ApiRoute>();
  for (const route of registered) {
    const path = route.url;
    if (!path.startsWith('/api/') || path === '/api/docs' || path.startsWith('/api/docs/')) continue;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const config = route.config as { auth?: Access } | undefined;
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      // A route that states nothing is staff-only: the guard's default.
      seen.set(`${method} ${path}`, { method, path, access: config?.auth ?? staffRoles });
    }
  }
  return [...seen.values()];
}

const allows = (access: Access, role: Role) => access === 'public' || access.includes(role);

let t: TestApp;
let tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await buildTestApp();
  ({ tokens } = await t.accounts(['admin', 'editor', 'user']));
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ url, headers: token ? { 'api-token': token } : {} });
const call = (route: ApiRoute, token?: string) =>
  t.app.inject({
    method: route.method as 'GET',
    url: fill(route.path),
    headers: token ? { 'api-token': token } : {},
  });

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

  it('sees the routes the app registers', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(20);
    expect(routes).toContainEqual({ method: 'GET', path: '/api/users/me', access: ['user', 'editor', 'admin'] });
  });

  // Refused calls never reach a handler, so no route changes anything here; allowed calls are left
  // to each feature's tests (a signout as `user` would end the session the next calls need).
  it('refuses every API route to whoever its access rule leaves out', async () => {
    const wrong: string[] = [];
    for (const route of apiRoutes()) {
      const name = `${route.method} ${route.path}`;
      const expectations: [string, string | undefined, number | null][] = [
        ['no token', undefined, route.access === 'public' ? null : 401],
        ['user', tokens.user, allows(route.access, 'user') ? null : 403],
        ['editor', tokens.editor, allows(route.access, 'editor') ? null : 403],
      ];
      for (const [who, token, status] of expectations) {
        if (status === null) continue;
        const response = await call(route, token);
        if (response.statusCode !== status) wrong.push(`${name} as ${who}: ${response.statusCode}, expected ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('registers the /api routes of the contract, and only them', () => {
    const registeredNames = new Set(apiRoutes().map((route) => `${route.method} ${route.path}`));
    // Pages served at the root (the promo landing page) are not under /api.
    const contract = allEndpoints()
      .filter((endpoint) => !endpoint.root)
      .map((endpoint) => ({
        name: `${endpoint.method} /api${endpoint.path}`,
        access: endpoint.access,
      }));
    const contractNames = new Set(contract.map((endpoint) => endpoint.name));
    expect(contract.filter((endpoint) => !registeredNames.has(endpoint.name))).toEqual([]);
    const outside = [...registeredNames].filter((name) => !contractNames.has(name));
    expect(outside).toEqual([]);
    // A contract endpoint registers with exactly the access it declares.
    for (const endpoint of contract) {
      const route = apiRoutes().find((r) => `${r.method} ${r.path}` === endpoint.name);
      expect(route?.access, endpoint.name).toEqual(endpoint.access);
    }
  });

  it('stops a blocked account at once, with no need to wait for its token to expire', async () => {
    await t.createUser({ email: 'soon-blocked@pult.test', role: 'editor' });
    const session = await t.signin('soon-blocked@pult.test');
    expect((await get('/api/users', session.apiToken)).statusCode).toBe(200);
    const { users } = await import('../../src/db/schema');
    const { eq } = await import('drizzle-orm');
    const { sessionsChanged } = await import('../../src/modules/sessions');
    const [blocked] = await t.database.db
      .update(users)
      .set({ status: 'blocked' })
      .where(eq(users.email, 'soon-blocked@pult.test'))
      .returning({ id: users.id });
    // What every writer of a status does (users-repository), so the session cache lets the database answer
    // (docs/decisions/0051); the guard still checks the status itself, the sessions are not revoked here.
    await sessionsChanged(t.database.db, [blocked?.id ?? 0]);
    expect((await get('/api/users', session.apiToken)).statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/refresh-token',
      payload: { token: session.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
  });
});
