import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/** Issue 31: on a staff member's page an admin sees their sessions and ends one; editors cannot. */
let t: TestApp;
let colleagueId: number;
let plannerId: number;
beforeAll(async () => {
  t = await buildTestApp();
  await t.createUser({ email: 'admin@pult.test', role: 'admin' });
  await t.createUser({ email: 'editor@pult.test', role: 'editor' });
  colleagueId = await t.createUser({ email: 'colleague@pult.test', role: 'editor' });
  plannerId = await t.createUser({ email: 'planner@pult.test', role: 'user' });
});
afterAll(() => t.close());

const as = (token: string, method: 'GET' | 'DELETE', url: string) =>
  t.app.inject({ method, url, headers: { 'api-token': token, 'user-agent': 'Test/1.0' } });

describe('a colleague’s sessions', () => {
  it('an admin lists them (device, address, last seen) and ends one at once, audited', async () => {
    const admin = (await t.signin('admin@pult.test')).apiToken;
    const first = await t.signin('colleague@pult.test');
    const second = await t.signin('colleague@pult.test');
    const list = await as(admin, 'GET', `/api/users/${colleagueId}/sessions`);
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().items as Array<{ id: number; current: boolean; ip: string; lastSeenAt: string }>;
    expect(items).toHaveLength(2);
    expect(items.every((item) => !item.current && item.ip === '127.0.0.1' && item.lastSeenAt)).toBe(true);

    const ended = await as(admin, 'DELETE', `/api/users/${colleagueId}/sessions/${items[1]?.id}`);
    expect(ended.statusCode, ended.body).toBe(200);
    // The ended one's token dies on its next request; the other lives.
    expect((await as(first.apiToken, 'GET', '/api/users/me')).statusCode).toBe(401);
    expect((await as(second.apiToken, 'GET', '/api/users/me')).statusCode).toBe(200);
    expect((await as(admin, 'GET', `/api/users/${colleagueId}/sessions`)).json().items).toHaveLength(1);
    const audit = (await as(admin, 'GET', '/api/audit-events?action=end-session')).json().items;
    expect(audit[0]).toMatchObject({ action: 'end-session', entityId: String(colleagueId) });

    // Ended already, or another person's session: 404.
    expect((await as(admin, 'DELETE', `/api/users/${colleagueId}/sessions/${items[1]?.id}`)).json().code).toBe(
      'SESSION_NOT_FOUND',
    );
    const mine = (await as(admin, 'GET', '/api/profile/sessions')).json().items[0].id;
    expect((await as(admin, 'DELETE', `/api/users/${colleagueId}/sessions/${mine}`)).statusCode).toBe(404);
  });

  it('an admin’s own page marks this device', async () => {
    const session = await t.signin('admin@pult.test');
    const items = (await as(session.apiToken, 'GET', `/api/users/${session.id}/sessions`)).json().items;
    expect(items.filter((item: { current: boolean }) => item.current)).toHaveLength(1);
  });

  it('editors and planners cannot; a planner account or an unknown id is 404; bad ids are 400', async () => {
    const editor = (await t.signin('editor@pult.test')).apiToken;
    const refused = await as(editor, 'GET', `/api/users/${colleagueId}/sessions`);
    expect(refused.statusCode).toBe(403);
    expect((await as(editor, 'DELETE', `/api/users/${colleagueId}/sessions/1`)).statusCode).toBe(403);
    const admin = (await t.signin('admin@pult.test')).apiToken;
    expect((await as(admin, 'GET', `/api/users/${plannerId}/sessions`)).json().code).toBe('USER_NOT_FOUND');
    expect((await as(admin, 'GET', '/api/users/999999/sessions')).statusCode).toBe(404);
    expect((await as(admin, 'GET', '/api/users/abc/sessions')).statusCode).toBe(400);
    expect((await as(admin, 'DELETE', `/api/users/${colleagueId}/sessions/-1`)).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/users/${colleagueId}/sessions` })).statusCode).toBe(401);
  });
});
