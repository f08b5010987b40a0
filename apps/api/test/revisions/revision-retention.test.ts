import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordRevisions } from '../../src/db/schema';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/**
 * Retention of the records' history (issue 32, docs/decisions/0047): off by default; with a period, the
 * cleanup job deletes revisions older than it, but never a record's latest one. The clock is the test's.
 */

let t: TestApp;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  t = await buildTestApp();
  await t.createUser({ email: 'admin@pult.test', role: 'admin' });
});
afterAll(() => t.close());

/** A call as the admin, signed in at the clock's present (a session does not outlive months of test time). */
const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { 'api-token': (await t.signin('admin@pult.test')).apiToken } });
const note = async (title: string) =>
  (await call('POST', '/api/notes', { title, body: 'Первый текст' })).json().id as number;
const edit = async (id: number, body: object) =>
  expect((await call('PATCH', `/api/notes/${id}`, body)).statusCode).toBe(200);
const history = async (id: number) => (await call('GET', `/api/notes/${id}/revisions`)).json();
const kept = async (id: number) =>
  (
    await t.database.db
      .select({ version: recordRevisions.version })
      .from(recordRevisions)
      .where(and(eq(recordRevisions.resource, 'note'), eq(recordRevisions.recordId, String(id))))
      .orderBy(recordRevisions.id)
  ).map((row) => row.version);
const setRetention = async (revisionsMonths?: number | null) => {
  const retention = { pushDeliveriesMonths: 6, signInsMonths: 12, auditMonths: null, revisionsMonths };
  const saved = await call('PATCH', '/api/common/settings', { retention });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json().retention;
};

describe('retention of the history', () => {
  it('keeps every revision by default; with six months, the cleanup deletes older ones but each record’s latest', async () => {
    expect((await call('GET', '/api/common/settings')).json().retention.revisionsMonths).toBeNull();
    // Day 0: two notes. Day 10: the first edited. Day 300: edited again. Day 400: the purge runs.
    const busy = await note('Часто правят');
    const quiet = await note('Не трогали');
    t.clock.advance(10 * DAY);
    await edit(busy, { title: 'Часто правят 2' });
    t.clock.advance(290 * DAY);
    await edit(busy, { body: 'Новый текст' });
    t.clock.advance(100 * DAY);

    expect(await t.app.cleanup.runOnce()).toBe(true);
    expect(await kept(busy)).toEqual([1, 2, 3]);
    expect(await kept(quiet)).toEqual([1]);

    // Settings saved before the field existed (no revisionsMonths) keep all too.
    expect((await setRetention(undefined)).revisionsMonths).toBeNull();
    expect((await setRetention(6)).revisionsMonths).toBe(6);
    expect(await t.app.cleanup.runOnce()).toBe(true);
    // Of the busy note only the revision of day 300 is within six months; the quiet note's creation, 400 days
    // old, is its latest and stays.
    expect(await kept(busy)).toEqual([3]);
    expect(await kept(quiet)).toEqual([1]);
    const left = await history(busy);
    expect(left).toMatchObject({
      count: 1,
      items: [{ version: 3, changes: [{ field: 'body', after: 'Новый текст' }] }],
    });

    // The history goes on from what is kept: the next change is diffed against it, and it can be restored.
    await edit(busy, { title: 'Часто правят 3' });
    const next = await history(busy);
    expect(next.items[0].changes).toEqual([{ field: 'title', before: 'Часто правят 2', after: 'Часто правят 3' }]);
    const restore = await call('POST', `/api/notes/${busy}/revisions/${left.items[0].id}/restore`);
    expect(restore.statusCode, restore.body).toBe(200);
    expect(restore.json().title).toBe('Часто правят 2');
  });

  it('never deletes the latest, however old every revision is', async () => {
    const id = await note('Много правок');
    for (let n = 2; n <= 5; n += 1) await edit(id, { title: `Много правок ${n}` });
    t.clock.advance(400 * DAY);
    expect(await t.app.cleanup.runOnce()).toBe(true);
    expect(await kept(id)).toEqual([5]);
  });
});
