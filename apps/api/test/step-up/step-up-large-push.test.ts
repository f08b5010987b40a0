import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { buildTestApp, PASSWORD, type TestApp } from '../helpers/test-app';
import { testDbKind } from '../helpers/test-database';

/**
 * Issue 31: a push to more than 100,000 devices needs a proof from the last 5 minutes. Apart from
 * step-up.test.ts because it writes 100,001 devices (16–68 s on PGlite), so that running the rest of
 * step-up on its own stays quick. Like every file of a rule that is the API's, not the engine's, `npm test`
 * runs it on PostgreSQL when that is configured (test/database-scope.mjs).
 */
let t: TestApp;
let plannerId: number;
const STALE_MS = 5 * 60_000 + 1_000;

beforeAll(async () => {
  t = await buildTestApp();
  await t.createUser({ email: 'editor@pult.test', role: 'editor' });
  plannerId = await t.createUser({ email: 'planner@pult.test', role: 'user' });
});
afterAll(() => t.close());

const call = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'api-token': token } });

describe(`step-up for a large push (${testDbKind})`, () => {
  it('a push to more than 100,000 devices needs a proof, a smaller one does not', async () => {
    // A session signed in more than 5 minutes ago: its sign-in no longer counts as a fresh proof.
    const { apiToken: token } = await t.signin('editor@pult.test');
    t.clock.advance(STALE_MS);
    const push = {
      title: 'Всем',
      body: 'Текст',
      type: 'all',
      category: 'service',
      scheduledAt: new Date(t.clock.now().getTime() + 3600_000).toISOString(),
    };
    const create = () => call(token, '/api/reminders/create-push-notification', push);
    expect((await create()).statusCode).toBe(200);
    await queryRows(
      t.database.db,
      sql`INSERT INTO devices (user_id, token, platform) SELECT ${plannerId}, 'tok-' || n, 'android' FROM generate_series(1, 100001) n`,
    );
    const refused = await create();
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ statusCode: 403, code: 'STEP_UP_REQUIRED' });
    expect((await call(token, '/api/profile/step-up', { password: PASSWORD })).statusCode).toBe(200);
    expect((await create()).statusCode).toBe(200);
  });
});
