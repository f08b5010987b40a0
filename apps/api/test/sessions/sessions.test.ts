import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_CACHE_MS } from '../../src/modules/settings';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.createUser({ email: 'admin@pult.test', role: 'admin' });
  await t.createUser({ email: 'editor@pult.test', role: 'editor' });
  await t.createUser({ email: 'other@pult.test', role: 'editor' });
  await t.createUser({ email: 'user@pult.test', role: 'user' });
});
afterAll(() => t.close());

const signinFrom = async (email: string, userAgent: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { email, password: 'correct horse battery' },
      headers: { 'user-agent': userAgent },
    })
  ).json();
const get = (url: string, token: string) => t.app.inject({ url, headers: { 'api-token': token } });
const me = (token: string) => get('/api/users/me', token);
const list = async (token: string) => (await get('/api/profile/sessions', token)).json().items;

describe('one’s own sessions', () => {
  it('lists the live ones with this one marked, and ends one at once', async () => {
    const phone = await signinFrom('editor@pult.test', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)');
    const laptop = await signinFrom('editor@pult.test', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0');
    const items = await list(laptop.apiToken);
    expect(items).toHaveLength(2);
    expect(items[0]).toEqual({
      id: expect.any(Number),
      current: true,
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
      ip: '127.0.0.1',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
    });
    expect(items[1]).toMatchObject({ current: false, userAgent: expect.stringContaining('iPhone') });

    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/profile/sessions/${items[1].id}`,
      headers: { 'api-token': laptop.apiToken },
    });
    expect(ended.statusCode).toBe(200);
    // The ended token dies at once, and so does its refresh token.
    expect((await me(phone.apiToken)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/refresh-token',
      payload: { token: phone.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    expect(await list(laptop.apiToken)).toHaveLength(1);
  });

  it('cannot see or end another account’s session', async () => {
    const mine = await t.signin('editor@pult.test');
    const theirs = await t.signin('other@pult.test');
    const [their] = await list(theirs.apiToken);
    const attempt = await t.app.inject({
      method: 'DELETE',
      url: `/api/profile/sessions/${their.id}`,
      headers: { 'api-token': mine.apiToken },
    });
    expect(attempt.statusCode).toBe(404);
    expect(attempt.json().code).toBe('SESSION_NOT_FOUND');
    expect((await me(theirs.apiToken)).statusCode).toBe(200);
    const bad = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile/sessions/abc',
      headers: { 'api-token': mine.apiToken },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('ends every other session and keeps this one', async () => {
    const a = await t.signin('other@pult.test');
    const b = await t.signin('other@pult.test');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/profile/sessions/end-others',
      headers: { 'api-token': b.apiToken },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().ended).toBeGreaterThanOrEqual(1);
    expect((await me(a.apiToken)).statusCode).toBe(401);
    expect((await me(b.apiToken)).statusCode).toBe(200);
  });

  it('is for staff: a planner account is refused, no token is 401', async () => {
    const user = await t.signin('user@pult.test');
    expect((await get('/api/profile/sessions', user.apiToken)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/profile/sessions' })).statusCode).toBe(401);
  });
});

describe('time-outs on the server', () => {
  it('a staff session idle longer than the setting ends; activity keeps it alive', async () => {
    let session = await t.signin('admin@pult.test');
    t.clock.advance(29 * 60_000);
    expect((await me(session.apiToken)).statusCode).toBe(200);
    t.clock.advance(29 * 60_000);
    expect((await me(session.apiToken)).statusCode).toBe(200);
    // A refresh is activity too (the access token lives an hour).
    const refreshed = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/refresh-token',
      payload: { token: session.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    session = refreshed.json();
    t.clock.advance(29 * 60_000);
    expect((await me(session.apiToken)).statusCode).toBe(200);
    t.clock.advance(30 * 60_000 + 1);
    expect((await me(session.apiToken)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/refresh-token',
      payload: { token: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('requests a page sends on its own (Pult-Background: 1) are served but do not keep the session alive', async () => {
    const session = await t.signin('other@pult.test');
    const poll = (token: string) =>
      t.app.inject({ url: '/api/users/me', headers: { 'api-token': token, 'pult-background': '1' } });
    // A page polls a running job every few seconds for 40 minutes, and nobody is at the keyboard.
    for (let minute = 5; minute <= 25; minute += 5) {
      t.clock.advance(5 * 60_000);
      expect((await poll(session.apiToken)).statusCode).toBe(200);
    }
    // The page's token is an hour old soon: its own refresh is served too, and is not activity either.
    const refreshed = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/refresh-token',
      payload: { token: session.refreshToken },
      headers: { 'pult-background': '1' },
    });
    expect(refreshed.statusCode).toBe(200);
    t.clock.advance(5 * 60_000 + 1);
    expect((await poll(refreshed.json().apiToken)).statusCode).toBe(401);
    expect((await me(refreshed.json().apiToken)).statusCode).toBe(401);
  });

  it('a person’s request between the polls keeps it alive', async () => {
    const session = await t.signin('other@pult.test');
    const poll = () =>
      t.app.inject({ url: '/api/users/me', headers: { 'api-token': session.apiToken, 'pult-background': '1' } });
    t.clock.advance(20 * 60_000);
    expect((await me(session.apiToken)).statusCode).toBe(200);
    t.clock.advance(25 * 60_000);
    expect((await poll()).statusCode).toBe(200);
    t.clock.advance(6 * 60_000);
    expect((await poll()).statusCode).toBe(401);
  });

  it('the idle time is a setting', async () => {
    const admin = await t.signin('admin@pult.test');
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/common/settings',
      payload: { sessionIdleMinutes: 60 },
      headers: { 'api-token': admin.apiToken },
    });
    expect(saved.statusCode).toBe(200);
    t.clock.advance(SETTINGS_CACHE_MS + 1);
    t.clock.advance(45 * 60_000);
    expect((await me(admin.apiToken)).statusCode).toBe(200);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/common/settings',
      payload: { sessionIdleMinutes: 30 },
      headers: { 'api-token': admin.apiToken },
    });
    t.clock.advance(SETTINGS_CACHE_MS + 1);
  });

  it('a staff session ends 12 hours after the sign-in however active; a planner session does not idle out', async () => {
    let staff = await t.signin('editor@pult.test');
    const planner = await t.signin('user@pult.test');
    for (let minutes = 25; minutes < 12 * 60; minutes += 25) {
      t.clock.advance(25 * 60_000);
      const refreshed = await t.app.inject({
        method: 'PATCH',
        url: '/api/users/refresh-token',
        payload: { token: staff.refreshToken },
      });
      expect(refreshed.statusCode).toBe(200);
      staff = refreshed.json();
    }
    t.clock.advance(25 * 60_000);
    expect((await me(staff.apiToken)).statusCode).toBe(401);
    const late = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/refresh-token',
      payload: { token: staff.refreshToken },
    });
    expect(late.statusCode).toBe(401);
    // The planner's access token expired with the hour, but the session itself is alive after 12 hours.
    const plannerRefresh = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/refresh-token',
      payload: { token: planner.refreshToken },
    });
    expect(plannerRefresh.statusCode).toBe(200);
  });
});
