import { ACCESS_TOKEN_TTL_SECONDS } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredRows } from '../../src/db/expired-rows';
import { passwordResets, rateLimits, sessions, sessionTokens } from '../../src/db/schema';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let userId = 0;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  t = await buildTestApp();
  userId = await t.createUser({ email: 'admin@pult.test', role: 'admin' });
});
afterAll(() => t.close());

const counts = async () => {
  const db = t.database.db;
  return {
    sessions: (await db.select().from(sessions)).length,
    tokens: (await db.select().from(sessionTokens)).length,
    resets: (await db.select().from(passwordResets)).length,
    limits: (await db.select().from(rateLimits)).length,
  };
};

describe('the cleanup job', () => {
  it('deletes only what can never matter again, a bounded batch per table per run', async () => {
    const now = t.clock.now();
    const live = await t.signin('admin@pult.test');
    await t.signin('admin@pult.test');
    await t.signin('admin@pult.test');
    await t.database.db.insert(passwordResets).values([
      { hash: 'used', userId, expiresAt: new Date(now.getTime() + DAY), usedAt: now },
      { hash: 'expired', userId, expiresAt: new Date(now.getTime() - 1) },
      { hash: 'pending', userId, expiresAt: new Date(now.getTime() + DAY) },
    ]);
    await t.database.db.insert(rateLimits).values([
      { key: 'fresh', windowStart: now, count: 1 },
      { key: 'stale', windowStart: new Date(now.getTime() - 2 * DAY), count: 9 },
    ]);
    const before = await counts();
    // The two counters above, and the sign-ins' address counter, given back to zero (it stays until stale).
    expect(before).toMatchObject({ sessions: 3, tokens: 6, resets: 3, limits: 3 });

    // Now: nothing live goes; the used and the expired reset and the stale counter do.
    expect(await t.app.cleanup.runOnce()).toBe(true);
    expect(await counts()).toEqual({ ...before, resets: 1, limits: 2 });
    const me = await t.app.inject({ url: '/api/users/me', headers: { 'api-token': live.apiToken } });
    expect(me.statusCode).toBe(200);

    // Access tokens have expired; refresh tokens (replay detection) stay with their session.
    t.clock.advance(ACCESS_TOKEN_TTL_SECONDS * 1000 + 1);
    await t.app.cleanup.runOnce();
    expect(await counts()).toMatchObject({ sessions: 3, tokens: 3 });

    // Past the sessions' absolute end: everything goes, at most 2 rows per table per run.
    t.clock.advance(31 * DAY);
    const first = await deleteExpiredRows(t.database.db, t.clock.now(), 2);
    expect(first).toEqual({ tokens: 2, sessions: 2, passwordResets: 1, rateLimits: 2 });
    const second = await deleteExpiredRows(t.database.db, t.clock.now(), 2);
    expect(second).toEqual({ tokens: 1, sessions: 1, passwordResets: 0, rateLimits: 0 });
    expect(await counts()).toEqual({ sessions: 0, tokens: 0, resets: 0, limits: 0 });
  });
});
