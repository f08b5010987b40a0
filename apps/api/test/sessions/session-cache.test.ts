import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema';
import { spyOnStatements } from '../helpers/statement-spy';
import { buildTestApp, PASSWORD, type TestApp } from '../helpers/test-app';

/**
 * The guard's cache of live staff sessions (docs/decisions/0051): a known token costs no statement, and
 * every way a session ends or its rights change still refuses it on the very next request.
 */
let t: TestApp;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await buildTestApp();
  for (const [email, role] of [
    ['admin@pult.test', 'admin'],
    ['editor@pult.test', 'editor'],
    ['second@pult.test', 'editor'],
    ['third@pult.test', 'editor'],
    ['fourth@pult.test', 'editor'],
    ['fifth@pult.test', 'editor'],
  ] as const)
    ids[email] = await t.createUser({ email, role });
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: { 'api-token': token }, ...(payload ? { payload } : {}) });
const me = (token: string) => send('GET', '/api/users/me', token);
/** Signs in and makes one request, so that the token is in the cache. */
const cachedSession = async (email: string) => {
  const session = await t.signin(email);
  expect((await me(session.apiToken)).statusCode).toBe(200);
  return session;
};

describe('the session cache', () => {
  it('answers a known token with no statement about sessions; its first request reads the session', async () => {
    const admin = await t.signin('admin@pult.test');
    const first = spyOnStatements(t.database);
    expect((await me(admin.apiToken)).statusCode).toBe(200);
    first.stop();
    expect(first.statements.some((text) => /session_tokens/.test(text))).toBe(true);

    const cached = spyOnStatements(t.database);
    for (const url of ['/api/users/me', '/api/users?take=20&page=1'])
      expect((await send('GET', url, admin.apiToken)).statusCode).toBe(200);
    cached.stop();
    expect(cached.statements.filter((text) => /session/.test(text))).toEqual([]);
    expect(cached.statements.length).toBeGreaterThan(0);
  });

  it('a signed-out token is refused on the very next request', async () => {
    const session = await cachedSession('editor@pult.test');
    expect((await send('POST', '/api/users/signout', session.apiToken)).statusCode).toBe(200);
    expect((await me(session.apiToken)).statusCode).toBe(401);
  });

  it('a session ended from the profile, by an admin, or with all the others, is refused at once', async () => {
    const admin = await cachedSession('admin@pult.test');
    const phone = await cachedSession('editor@pult.test');
    const laptop = await cachedSession('editor@pult.test');
    const items = (await send('GET', '/api/profile/sessions', laptop.apiToken)).json().items as {
      id: number;
      current: boolean;
    }[];
    const phoneId = items.find((item) => !item.current)?.id;
    expect((await send('DELETE', `/api/profile/sessions/${phoneId}`, laptop.apiToken)).statusCode).toBe(200);
    expect((await me(phone.apiToken)).statusCode).toBe(401);
    expect((await me(laptop.apiToken)).statusCode).toBe(200);

    const tablet = await cachedSession('editor@pult.test');
    expect((await send('POST', '/api/profile/sessions/end-others', laptop.apiToken)).statusCode).toBe(200);
    expect((await me(tablet.apiToken)).statusCode).toBe(401);

    const live = (await send('GET', `/api/users/${ids['editor@pult.test']}/sessions`, admin.apiToken)).json().items as {
      id: number;
    }[];
    const laptopId = live[0]?.id;
    expect(
      (await send('DELETE', `/api/users/${ids['editor@pult.test']}/sessions/${laptopId}`, admin.apiToken)).statusCode,
    ).toBe(200);
    expect((await me(laptop.apiToken)).statusCode).toBe(401);
  });

  it('a block, a deletion, a sign-out everywhere and a bulk block refuse the cached token at once', async () => {
    const admin = await cachedSession('admin@pult.test');
    for (const action of ['block', 'logout', 'delete'] as const) {
      const email =
        action === 'block' ? 'second@pult.test' : action === 'logout' ? 'third@pult.test' : 'fourth@pult.test';
      const session = await cachedSession(email);
      const answer = await send('GET', `/api/users/${ids[email]}/manage/${action}`, admin.apiToken);
      expect(answer.statusCode, action).toBe(200);
      expect((await me(session.apiToken)).statusCode, action).toBe(401);
    }
    const session = await cachedSession('fifth@pult.test');
    const bulk = await send('POST', '/api/users/bulk', admin.apiToken, {
      action: 'block',
      ids: [ids['fifth@pult.test']],
    });
    expect(bulk.statusCode).toBe(200);
    expect((await me(session.apiToken)).statusCode).toBe(401);
    for (const email of ['second@pult.test', 'fifth@pult.test'])
      expect((await send('GET', `/api/users/${ids[email]}/manage/unblock`, admin.apiToken)).statusCode).toBe(200);
  });

  it('a role change takes effect at once: the old tokens die, the new sign-in has the new role', async () => {
    const admin = await cachedSession('admin@pult.test');
    const editor = await cachedSession('editor@pult.test');
    expect((await send('GET', '/api/audit-events', editor.apiToken)).statusCode).toBe(403);
    const changed = await send('POST', `/api/users/${ids['editor@pult.test']}`, admin.apiToken, { role: 'admin' });
    expect(changed.statusCode).toBe(200);
    expect((await me(editor.apiToken)).statusCode).toBe(401);
    const promoted = await cachedSession('editor@pult.test');
    expect((await send('GET', '/api/audit-events', promoted.apiToken)).statusCode).toBe(200);
    const back = await send('POST', `/api/users/${ids['editor@pult.test']}`, admin.apiToken, { role: 'editor' });
    expect(back.statusCode).toBe(200);
    expect((await send('GET', '/api/audit-events', promoted.apiToken)).statusCode).toBe(401);
  });

  it('a password change ends the other cached sessions, the calling one stays', async () => {
    const phone = await cachedSession('editor@pult.test');
    const laptop = await cachedSession('editor@pult.test');
    const changed = await send('POST', '/api/users/me/password', laptop.apiToken, {
      currentPassword: PASSWORD,
      newPassword: 'another long password',
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(phone.apiToken)).statusCode).toBe(401);
    expect((await me(laptop.apiToken)).statusCode).toBe(200);
    const restored = await send('POST', '/api/users/me/password', laptop.apiToken, {
      currentPassword: 'another long password',
      newPassword: PASSWORD,
    });
    expect(restored.statusCode).toBe(200);
  });

  it('the idle time-out still ends a cached session, and activity seen only by the database keeps it', async () => {
    const idle = await cachedSession('admin@pult.test');
    t.clock.advance(30 * 60_000 + 1);
    expect((await me(idle.apiToken)).statusCode).toBe(401);

    // The cached entry's last request is old, but the database saw a later one (another process's):
    // the guard reads it again before refusing.
    const busy = await cachedSession('admin@pult.test');
    t.clock.advance(20 * 60_000);
    const elsewhere = t.clock.now();
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: elsewhere })
      .where(eq(sessions.userId, ids['admin@pult.test'] ?? 0));
    t.clock.advance(20 * 60_000);
    expect((await me(busy.apiToken)).statusCode).toBe(200);
    t.clock.advance(30 * 60_000 + 1);
    expect((await me(busy.apiToken)).statusCode).toBe(401);
  });

  it('writes last_seen_at once a minute from a cached session, and not for background requests', async () => {
    const session = await cachedSession('second@pult.test');
    const lastSeen = async () => {
      const [row] = await t.database.db
        .select({ at: sessions.lastSeenAt })
        .from(sessions)
        .where(eq(sessions.userId, ids['second@pult.test'] ?? 0))
        .orderBy(desc(sessions.id))
        .limit(1);
      return row?.at.getTime();
    };
    const signedIn = await lastSeen();
    t.clock.advance(61_000);
    const background = await t.app.inject({
      url: '/api/users/me',
      headers: { 'api-token': session.apiToken, 'pult-background': '1' },
    });
    expect(background.statusCode).toBe(200);
    expect(await lastSeen()).toBe(signedIn);
    const spy = spyOnStatements(t.database);
    expect((await me(session.apiToken)).statusCode).toBe(200);
    expect((await me(session.apiToken)).statusCode).toBe(200);
    spy.stop();
    expect(await lastSeen()).toBe(t.clock.now().getTime());
    expect(spy.statements.filter((text) => /update "sessions"/i.test(text))).toHaveLength(1);
  });
  // Migration 0047: triggers on users, sessions and session_tokens notify the caches, so a write that does
  // not go through the API (psql, a script) reaches them too, not only after the 30 s safety net. The
  // notification is heard after the commit, asynchronously: polled, but far within the 30 s the clock
  // never reaches here (it does not move).
  it("a write made behind the API's back (no sessionsChanged) reaches the cache", async () => {
    const run = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
    const refusedSoon = (token: string, url = '/api/users/me') =>
      expect
        .poll(async () => (await send('GET', url, token)).statusCode, { timeout: 5_000, interval: 50 })
        .not.toBe(200);
    const id = await t.createUser({ email: 'behind@pult.test', role: 'editor' });

    const blocked = await cachedSession('behind@pult.test');
    await run(sql`UPDATE users SET status = 'blocked' WHERE id = ${id}`);
    await refusedSoon(blocked.apiToken);
    await run(sql`UPDATE users SET status = 'active' WHERE id = ${id}`);

    const demoted = await cachedSession('behind@pult.test');
    await run(sql`UPDATE users SET role = 'user' WHERE id = ${id}`);
    // A planner may still read its own profile; the staff list is what it loses.
    await refusedSoon(demoted.apiToken, '/api/users?take=1&page=1');
    await run(sql`UPDATE users SET role = 'editor' WHERE id = ${id}`);

    const revoked = await cachedSession('behind@pult.test');
    await run(
      sql`UPDATE sessions SET revoked_at = now(), revoked_reason = 'signout' WHERE user_id = ${id} AND revoked_at IS NULL`,
    );
    await refusedSoon(revoked.apiToken);

    const tokenGone = await cachedSession('behind@pult.test');
    await run(
      sql`DELETE FROM session_tokens WHERE kind = 'access' AND session_id IN (SELECT s.id FROM sessions s WHERE s.user_id = ${id})`,
    );
    await refusedSoon(tokenGone.apiToken);
  });
});
