import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../../src/db/schema';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
const tokens = { admin: '', editor: '', user: '' };
let adminId = 0;

beforeAll(async () => {
  t = await buildTestApp();
  adminId = await t.createUser({ email: 'admin@pult.test', role: 'admin' });
  await t.createUser({ email: 'editor@pult.test', role: 'editor' });
  await t.createUser({ email: 'user@pult.test', role: 'user' });
  for (const role of ['admin', 'editor', 'user'] as const)
    tokens[role] = (await t.signin(`${role}@pult.test`)).apiToken;
});
afterAll(() => t.close());

/** As the admin by default; `null` sends no token at all. */
const bulk = (payload: unknown, token: string | null = tokens.admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/bulk',
    payload: payload as object,
    headers: token === null ? {} : { 'api-token': token },
  });
const me = (token: string) => t.app.inject({ url: '/api/users/me', headers: { 'api-token': token } });
const statusOf = async (id: number) =>
  (await t.database.db.select({ status: users.status }).from(users).where(eq(users.id, id)))[0]?.status;
const auditCount = async (action: string, ids: number[]) =>
  (
    await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, action),
          eq(auditEvents.entity, 'user'),
          inArray(
            auditEvents.entityId,
            ids.map((id) => String(id)),
          ),
        ),
      )
  ).length;

let counter = 0;
/** Fresh accounts, each signed in once (so a sign-out has something to end). */
const people = async (n: number, status: 'active' | 'blocked' | 'deleted' = 'active') => {
  const made: { id: number; token: string }[] = [];
  for (let i = 0; i < n; i += 1) {
    counter += 1;
    const email = `bulk${counter}@pult.test`;
    const id = await t.createUser({ email });
    const token = (await t.signin(email)).apiToken;
    if (status !== 'active') await t.database.db.update(users).set({ status }).where(eq(users.id, id));
    made.push({ id, token });
  }
  return made;
};

describe('POST /users/bulk', () => {
  it('blocks the chosen users, ends their sessions and audits each changed row once', async () => {
    const three = await people(3);
    const ids = three.map((p) => p.id);
    const response = await bulk({ action: 'block', ids });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      dryRun: false,
      results: ids.map((id) => ({ id, outcome: 'done' })),
      summary: { done: 3, unchanged: 0, refused: 0, notFound: 0 },
      // The block can be undone for a short while (bulk-undo.test.ts).
      undo: { id: expect.any(String), expiresAt: expect.any(String) },
    });
    for (const person of three) {
      expect(await statusOf(person.id)).toBe('blocked');
      expect((await me(person.token)).statusCode).toBe(401);
    }
    expect(await auditCount('block', ids)).toBe(3);
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, String(ids[0])), eq(auditEvents.action, 'block')));
    expect(event).toMatchObject({ actorId: adminId, before: { status: 'active' }, after: { status: 'blocked' } });

    // Again: everything is already so, nothing is written or audited.
    const again = await bulk({ action: 'block', ids });
    expect(again.json().summary).toEqual({ done: 0, unchanged: 3, refused: 0, notFound: 0 });
    expect(await auditCount('block', ids)).toBe(3);
  });

  it('unblocks blocked users, leaves active ones unchanged and refuses deleted ones', async () => {
    const [blocked] = await people(1, 'blocked');
    const [active] = await people(1);
    const [deleted] = await people(1, 'deleted');
    const ids = [blocked?.id ?? 0, active?.id ?? 0, deleted?.id ?? 0];
    const response = await bulk({ action: 'unblock', ids });
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toEqual([
      { id: ids[0], outcome: 'done' },
      { id: ids[1], outcome: 'unchanged' },
      { id: ids[2], outcome: 'refused', code: 'USER_STATUS_CONFLICT' },
    ]);
    expect(await statusOf(ids[0] ?? 0)).toBe('active');
    expect(await statusOf(ids[2] ?? 0)).toBe('deleted');
    expect(await auditCount('unblock', ids)).toBe(1);
  });

  it('signs users out: done where a session lived, unchanged where none did; the accounts stay active', async () => {
    const two = await people(2);
    const [signedOut] = await people(1);
    await t.app.inject({ url: `/api/users/${signedOut?.id}/manage/logout`, headers: { 'api-token': tokens.admin } });
    const ids = [...two.map((p) => p.id), signedOut?.id ?? 0];
    const response = await bulk({ action: 'logout', ids });
    expect(response.json().summary).toEqual({ done: 2, unchanged: 1, refused: 0, notFound: 0 });
    for (const person of two) {
      expect((await me(person.token)).statusCode).toBe(401);
      expect(await statusOf(person.id)).toBe('active');
    }
    expect(
      await auditCount(
        'logout',
        two.map((p) => p.id),
      ),
    ).toBe(2);
  });

  it('a dry run answers the same report and changes nothing', async () => {
    const three = await people(3);
    const ids = [...three.map((p) => p.id), 999_999];
    const preview = await bulk({ action: 'block', ids, dryRun: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      dryRun: true,
      summary: { done: 3, unchanged: 0, refused: 0, notFound: 1 },
    });
    expect(preview.json().results[3]).toEqual({ id: 999_999, outcome: 'not_found' });
    for (const person of three) {
      expect(await statusOf(person.id)).toBe('active');
      expect((await me(person.token)).statusCode).toBe(200);
    }
    expect(await auditCount('block', ids)).toBe(0);
    const logoutPreview = await bulk({ action: 'logout', ids, dryRun: true });
    expect(logoutPreview.json().summary.done).toBe(3);
    for (const person of three) expect((await me(person.token)).statusCode).toBe(200);
    // The preview is what the real run then does.
    const real = await bulk({ action: 'block', ids });
    expect(real.json().results).toEqual(preview.json().results);
  });

  it('refuses the caller in the selection (SELF_CHANGE) and still does the other rows', async () => {
    const [other] = await people(1);
    const response = await bulk({ action: 'block', ids: [adminId, other?.id ?? 0] });
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toEqual([
      { id: adminId, outcome: 'refused', code: 'SELF_CHANGE' },
      { id: other?.id, outcome: 'done' },
    ]);
    expect(await statusOf(adminId)).toBe('active');
    expect((await bulk({ action: 'logout', ids: [adminId] })).json().results[0]).toEqual({
      id: adminId,
      outcome: 'refused',
      code: 'SELF_CHANGE',
    });
    expect((await me(tokens.admin)).statusCode).toBe(200);
  });

  it('lets an admin block other admins, the caller staying the active one', async () => {
    const second = await t.createUser({ email: 'admin2@pult.test', role: 'admin' });
    const third = await t.createUser({ email: 'admin3@pult.test', role: 'admin' });
    const response = await bulk({ action: 'block', ids: [second, third] });
    expect(response.json().summary.done).toBe(2);
    expect(await statusOf(adminId)).toBe('active');
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const [person] = await people(1);
    const id = person?.id ?? 0;
    const bad: unknown[] = [
      { action: 'block', ids: [] },
      { action: 'block', ids: Array.from({ length: 1001 }, (_, i) => i + 1) },
      { action: 'block', ids: [id, id] },
      { action: 'block', ids: ['abc'] },
      { action: 'block', ids: [String(id)] },
      { action: 'block', ids: [-1] },
      { action: 'block', ids: [1.5] },
      { action: 'block', ids: [2_147_483_648] },
      { action: 'delete', ids: [id] },
      { action: 'block' },
      { action: 'block', ids: [id], extra: true },
      { action: 'block', ids: [id], dryRun: 'yes' },
      [],
    ];
    for (const payload of bad) {
      const response = await bulk(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().code).toMatch(/^(BAD_REQUEST|VALIDATION_FAILED)$/);
    }
    expect(await statusOf(id)).toBe('active');
  });

  it.each(['block', 'unblock', 'logout'])('%s: an editor and a user get 403, nobody gets 401', async (action) => {
    const [person] = await people(1, action === 'unblock' ? 'blocked' : 'active');
    const ids = [person?.id ?? 0];
    const editor = await bulk({ action, ids }, tokens.editor);
    expect(editor.statusCode).toBe(403);
    expect(editor.json().code).toBe('FORBIDDEN');
    expect((await bulk({ action, ids }, tokens.user)).statusCode).toBe(403);
    expect((await bulk({ action, ids }, null)).statusCode).toBe(401);
    expect((await bulk({ action, ids, dryRun: true }, tokens.editor)).statusCode).toBe(403);
    expect(await statusOf(ids[0] ?? 0)).toBe(action === 'unblock' ? 'blocked' : 'active');
    expect((await me(person?.token ?? '')).statusCode).toBe(action === 'unblock' ? 401 : 200);
    expect(await auditCount(action, ids)).toBe(0);
  });

  it('parallel requests over the same rows change and audit each row once', async () => {
    const five = await people(5);
    const ids = five.map((p) => p.id);
    const answers = await Promise.all([
      bulk({ action: 'block', ids }),
      bulk({ action: 'block', ids: [...ids].reverse() }),
      bulk({ action: 'block', ids }),
    ]);
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    const done = answers.reduce((sum, answer) => sum + answer.json().summary.done, 0);
    expect(done).toBe(5);
    expect(await auditCount('block', ids)).toBe(5);
    for (const id of ids) expect(await statusOf(id)).toBe('blocked');
  });
});

describe('POST /users/export-selected', () => {
  it('answers the CSV of exactly the chosen users, audited', async () => {
    const four = await people(4);
    const chosen = [four[0]?.id ?? 0, four[2]?.id ?? 0, 999_998];
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/export-selected',
      payload: { ids: chosen },
      headers: { 'api-token': tokens.admin },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^ID;Электронная почта;/);
    expect(lines.slice(1).map((line) => Number(line.split(';')[0]))).toEqual([four[0]?.id, four[2]?.id]);
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'export'), eq(auditEvents.entity, 'user')));
    expect(event?.after).toEqual({ ids: chosen });
  });

  it('is for admins only and validates the ids', async () => {
    const call = (payload: object, token?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/export-selected',
        payload,
        headers: token ? { 'api-token': token } : {},
      });
    expect((await call({ ids: [adminId] }, tokens.editor)).statusCode).toBe(403);
    expect((await call({ ids: [adminId] }, tokens.user)).statusCode).toBe(403);
    expect((await call({ ids: [adminId] })).statusCode).toBe(401);
    expect((await call({ ids: [] }, tokens.admin)).statusCode).toBe(400);
    expect((await call({ ids: [1, 1] }, tokens.admin)).statusCode).toBe(400);
    expect((await call({ ids: ['x'] }, tokens.admin)).statusCode).toBe(400);
  });
});
