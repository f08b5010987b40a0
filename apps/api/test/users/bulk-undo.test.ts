import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../../src/db/schema';
import { sessionsChanged } from '../../src/modules/sessions';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  for (const [key, role] of [
    ['admin', 'admin'],
    ['admin2', 'admin'],
    ['editor', 'editor'],
    ['user', 'user'],
  ] as const) {
    ids[key] = await t.createUser({ email: `${key}@pult.test`, role });
    tokens[key] = (await t.signin(`${key}@pult.test`)).apiToken;
  }
});
afterAll(() => t.close());

const as = (who: string | null, method: 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who === null ? {} : { 'api-token': tokens[who] ?? '' } });
const bulk = (payload: object, who = 'admin') => as(who, 'POST', '/api/users/bulk', payload);
const undo = (id: string, who: string | null = 'admin') => as(who, 'POST', `/api/bulk-undos/${id}`);
const statusOf = async (id: number) =>
  (await t.database.db.select({ status: users.status }).from(users).where(eq(users.id, id)))[0]?.status;
const unblocks = async (list: number[]) =>
  (
    await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'unblock'),
          inArray(
            auditEvents.entityId,
            list.map((id) => String(id)),
          ),
        ),
      )
  ).length;

let counter = 0;
const people = async (n: number) => {
  const made: number[] = [];
  for (let i = 0; i < n; i += 1) {
    counter += 1;
    made.push(await t.createUser({ email: `undo${counter}@pult.test` }));
  }
  return made;
};

describe('undo of a bulk block', () => {
  it('puts back exactly the users it blocked, skips one changed meanwhile, and answers the same when repeated', async () => {
    const [a = 0, b = 0, c = 0] = await people(3);
    const blocked = await bulk({ action: 'block', ids: [a, b, c] });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const ticket = blocked.json().undo as { id: string; expiresAt: string };
    expect(ticket.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(ticket.expiresAt) - t.clock.now().getTime()).toBe(20_000);
    // Another admin edits one of them meanwhile: that user's version moves on.
    expect((await as('admin2', 'POST', `/api/users/${b}`, { firstName: 'Изменён' })).statusCode).toBe(200);
    t.clock.advance(9_000);

    const undone = await undo(ticket.id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({
      restored: [a, c],
      skipped: [{ id: b, reason: 'changed' }],
      undoneAt: t.clock.now().toISOString(),
    });
    expect([await statusOf(a), await statusOf(b), await statusOf(c)]).toEqual(['active', 'blocked', 'active']);
    expect(await unblocks([a, b, c])).toBe(2);
    // The other admin's edit is untouched, and each restore is a new version with its own revision.
    const bNow = (await as('admin', 'POST', '/api/users/bulk', { action: 'block', ids: [b], dryRun: true })).json();
    expect(bNow.summary.unchanged).toBe(1);
    const history = (
      await t.app.inject({ url: `/api/users/${a}/revisions`, headers: { 'api-token': tokens.admin ?? '' } })
    ).json();
    expect(history.items[0]).toMatchObject({
      action: 'unblock',
      changes: [{ field: 'status', before: 'blocked', after: 'active' }],
    });

    // Again (a double click, a retry): the same answer, nothing written twice, even after the window.
    t.clock.advance(30_000);
    const again = await undo(ticket.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(undone.json());
    expect(await unblocks([a, b, c])).toBe(2);
  });

  it('two undos at once put back once', async () => {
    const [a = 0, b = 0] = await people(2);
    const ticket = (await bulk({ action: 'block', ids: [a, b] })).json().undo.id as string;
    const answers = await Promise.all([undo(ticket), undo(ticket)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers[0]?.json()).toEqual(answers[1]?.json());
    expect(await unblocks([a, b])).toBe(2);
  });

  it('is refused after its window, and leaves the users blocked', async () => {
    const [a = 0] = await people(1);
    const ticket = (await bulk({ action: 'block', ids: [a] })).json().undo.id as string;
    t.clock.advance(20_001);
    const late = await undo(ticket);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('UNDO_EXPIRED');
    expect(await statusOf(a)).toBe('blocked');
  });

  it('belongs to whoever ran the action, while their role may run it; refuses bad input', async () => {
    const [a = 0] = await people(1);
    const ticket = (await bulk({ action: 'block', ids: [a] })).json().undo.id as string;
    // Another admin, an editor: not theirs (not even said to exist). A planner user: the guard. No token: 401.
    expect((await undo(ticket, 'admin2')).json().code).toBe('UNDO_NOT_FOUND');
    expect((await undo(ticket, 'admin2')).statusCode).toBe(404);
    expect((await undo(ticket, 'editor')).statusCode).toBe(404);
    expect((await undo(ticket, 'user')).statusCode).toBe(403);
    expect((await undo(ticket, null)).statusCode).toBe(401);
    expect((await undo('x'.repeat(43))).statusCode).toBe(404);
    // Malformed tokens never reach the database.
    for (const bad of ['short', 'has.dots.in.it.1234567', 'x'.repeat(65)])
      expect((await undo(bad)).statusCode).toBe(400);
    // The admin who ran it is now an editor: their role may no longer block users, so no undo either.
    await t.database.db
      .update(users)
      .set({ role: 'editor' })
      .where(eq(users.id, ids.admin ?? 0));
    // Written behind the app's back, so told to the session cache as the app's own writes do (0051).
    await sessionsChanged(t.database.db, [ids.admin ?? 0]);
    expect((await undo(ticket)).statusCode).toBe(403);
    await t.database.db
      .update(users)
      .set({ role: 'admin' })
      .where(eq(users.id, ids.admin ?? 0));
    await sessionsChanged(t.database.db, [ids.admin ?? 0]);
    expect((await undo(ticket)).statusCode).toBe(200);
    expect(await statusOf(a)).toBe('active');
  });

  it('only a real block that changed someone can be undone', async () => {
    const [a = 0] = await people(1);
    expect((await bulk({ action: 'block', ids: [a], dryRun: true })).json().undo).toBeUndefined();
    expect((await bulk({ action: 'block', ids: [a] })).json().undo).not.toBeNull();
    expect((await bulk({ action: 'block', ids: [a] })).json().undo).toBeNull();
    expect((await bulk({ action: 'unblock', ids: [a] })).json().undo).toBeNull();
  });
});
