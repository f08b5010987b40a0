import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionTokens } from '../../src/db/schema';
import { REFRESH_GRACE_MS, SESSION_LIFETIME_MS } from '../../src/modules/sessions';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.createUser({ email: 'editor@pult.test', role: 'editor' });
  // The lifetimes below are the tokens' own; a staff session also ends after 30 idle minutes and
  // 12 hours (test/sessions), so the long waits use a planner account, whose session has neither.
  await t.createUser({ email: 'planner@pult.test', role: 'user' });
});
afterAll(() => t.close());

const me = (token: string) => t.app.inject({ url: '/api/users/me', headers: { 'api-token': token } });
const refresh = (token: string) =>
  t.app.inject({ method: 'PATCH', url: '/api/users/refresh-token', payload: { token } });

describe('access tokens', () => {
  it('work for 3600 s and not a second longer', async () => {
    const session = await t.signin('planner@pult.test');
    t.clock.advance(3599_000);
    expect((await me(session.apiToken)).statusCode).toBe(200);
    t.clock.advance(1_000);
    const expired = await me(session.apiToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('are refused when missing, malformed or unknown', async () => {
    expect((await t.app.inject({ url: '/api/users/me' })).statusCode).toBe(401);
    expect((await me('not-a-token')).statusCode).toBe(401);
    expect((await me('x'.repeat(5000))).statusCode).toBe(401);
  });
});

describe('PATCH /users/refresh-token', () => {
  it('rotates: a new pair, the new access token works, the old refresh token is spent', async () => {
    const first = await t.signin('planner@pult.test');
    t.clock.advance(3000_000);
    const response = await refresh(first.refreshToken);
    expect(response.statusCode).toBe(200);
    const second = response.json();
    expect(second.apiToken).not.toBe(first.apiToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.role).toBe('user');
    t.clock.advance(1000_000); // past the first token's hour, inside the second's
    expect((await me(first.apiToken)).statusCode).toBe(401);
    expect((await me(second.apiToken)).statusCode).toBe(200);
  });

  it('revokes the whole session when a used refresh token is replayed after the grace window', async () => {
    const first = await t.signin('editor@pult.test');
    const second = (await refresh(first.refreshToken)).json();
    t.clock.advance(REFRESH_GRACE_MS + 1);
    const replay = await refresh(first.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'REFRESH_TOKEN_INVALID', message: expect.stringMatching(/reused/) });
    // Everything the session issued dies, including the legitimate newest pair.
    expect((await me(second.apiToken)).statusCode).toBe(401);
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
  });

  it('answers concurrent refreshes with the same token with one and the same new pair (two tabs, a retry)', async () => {
    const session = await t.signin('editor@pult.test');
    const results = await Promise.all(Array.from({ length: 5 }, () => refresh(session.refreshToken)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const pairs = new Set(results.map((r) => `${r.json().apiToken}|${r.json().refreshToken}`));
    expect(pairs.size).toBe(1);
    const [pair] = results.map((r) => r.json());
    expect((await me(pair.apiToken)).statusCode).toBe(200);
    expect((await refresh(pair.refreshToken)).statusCode).toBe(200);
  });

  it('answers a retry inside the grace window with the same pair, not a revocation', async () => {
    const session = await t.signin('editor@pult.test');
    const first = (await refresh(session.refreshToken)).json();
    t.clock.advance(REFRESH_GRACE_MS - 1000);
    const retry = await refresh(session.refreshToken);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().refreshToken).toBe(first.refreshToken);
    expect((await me(first.apiToken)).statusCode).toBe(200);
  });

  it('keeps the successor pair unreadable without the old token', async () => {
    const session = await t.signin('editor@pult.test');
    const next = (await refresh(session.refreshToken)).json();
    const rows = await t.database.db.select({ successor: sessionTokens.successor }).from(sessionTokens);
    const stored = rows.map((row) => row.successor ?? '').join(' ');
    expect(stored).not.toContain(next.apiToken);
    expect(stored).not.toContain(next.refreshToken);
  });

  it('cannot extend a session past its absolute lifetime', async () => {
    let session = await t.signin('planner@pult.test');
    for (let day = 0; day < 29; day++) {
      t.clock.advance(24 * 3600_000);
      const response = await refresh(session.refreshToken);
      expect(response.statusCode).toBe(200);
      session = response.json();
    }
    t.clock.advance(SESSION_LIFETIME_MS - 29 * 24 * 3600_000);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });

  it('refuses an unknown token and a bad body', async () => {
    expect((await refresh('unknown')).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'PATCH', url: '/api/users/refresh-token', payload: { token: 5 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ token: 'invalid_type' });
  });
});

describe('POST /users/signout', () => {
  it('revokes the session on the server: access and refresh tokens stop working', async () => {
    const session = await t.signin('editor@pult.test');
    const other = await t.signin('editor@pult.test');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/signout',
      headers: { 'api-token': session.apiToken },
    });
    expect(response.statusCode).toBe(200);
    expect((await me(session.apiToken)).statusCode).toBe(401);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    // Only that session: the same person signed in elsewhere stays signed in.
    expect((await me(other.apiToken)).statusCode).toBe(200);
  });

  it('requires a token', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/users/signout' })).statusCode).toBe(401);
  });
});
