import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  // Behind a proxy it trusts, the audit log records the address the proxy forwards.
  t = await buildTestApp({ extraEnv: { TRUST_PROXY: '127.0.0.1' } });
  await t.createUser({ email: 'admin@pult.test', role: 'admin' });
});
afterAll(() => t.close());

describe('the audit log', () => {
  it('records sign-in and sign-out with actor, entity, IP and time, newest first', async () => {
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { email: 'admin@pult.test', password: 'correct horse battery' },
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    const { apiToken, id } = session.json();
    const second = await t.signin('admin@pult.test');
    await t.app.inject({ method: 'POST', url: '/api/users/signout', headers: { 'api-token': apiToken } });

    const response = await t.app.inject({
      url: '/api/audit-events?take=10',
      headers: { 'api-token': second.apiToken },
    });
    expect(response.statusCode).toBe(200);
    const { items, nextCursor } = response.json();
    expect(items).toHaveLength(3);
    expect(nextCursor).toBeNull();
    expect(items[0]).toMatchObject({ action: 'signout', entity: 'user', entityId: String(id), actorId: id });
    expect(items[2]).toMatchObject({ action: 'signin', actorId: id, ip: '203.0.113.7' });
    expect(new Date(items[0].at).getTime()).toBe(t.clock.now().getTime());
  });

  it('is closed to editors', async () => {
    await t.createUser({ email: 'editor@pult.test', role: 'editor' });
    const editor = await t.signin('editor@pult.test');
    const response = await t.app.inject({ url: '/api/audit-events', headers: { 'api-token': editor.apiToken } });
    expect(response.statusCode).toBe(403);
  });
});
