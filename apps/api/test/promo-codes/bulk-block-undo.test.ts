import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, promoCodes } from '../../src/db/schema';
import { type PromoFixture, promoFixture } from './promo-fixture';

/** Undo of a bulk block of codes (issue 32 item 5, docs/decisions/0043): the users' mechanism, marked by blocked_at. */

let f: PromoFixture;
let seriesId = 0;
let codes: string[] = [];
let taken = 0;

beforeAll(async () => {
  f = await promoFixture();
  seriesId = (await f.createSeries({ codesCount: 30 })).id;
  codes = (await f.call('GET', `/api/promo-codes/${seriesId}/generated-codes?take=30&page=1`))
    .json()
    .items.map((item: { value: string }) => item.value);
});
afterAll(() => f.t.close());

/** The next `n` codes no test has used yet. */
const fresh = (n: number) => {
  taken += n;
  return codes.slice(taken - n, taken);
};
const blockMany = (values: string[], role: 'admin' | 'editor' = 'editor', dryRun = false) =>
  f.call('POST', `/api/promo-codes/${seriesId}/codes/block`, { codes: values, dryRun }, role);
const undo = (id: string, role: 'admin' | 'editor' | 'user' = 'editor') =>
  f.call('POST', `/api/bulk-undos/${id}`, undefined, role);
const rows = async (values: string[]) => {
  const found = await f.t.database.db.select().from(promoCodes).where(inArray(promoCodes.value, values));
  return values.map((value) => found.find((row) => row.value === value));
};
const statuses = async (values: string[]) => (await rows(values)).map((row) => row?.status);
const unblocks = async (values: string[]) =>
  (
    await f.t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'unblock-code'), inArray(auditEvents.entityId, values)))
  ).length;
const counters = async () => {
  const { activated, blocked } = (await f.call('GET', `/api/promo-codes/${seriesId}`)).json();
  return { activated, blocked };
};

describe('undo of a bulk block of codes', () => {
  it('puts back exactly the codes it blocked (a used one as used), skips one changed meanwhile, answers the same again', async () => {
    const [a = '', b = '', c = ''] = fresh(3);
    expect((await f.activate(a, f.tokens.user)).statusCode).toBe(200);
    const start = await counters();
    const blocked = await blockMany([a, b, c]);
    expect(blocked.statusCode, blocked.body).toBe(200);
    const ticket = blocked.json().undo as { id: string; expiresAt: string };
    expect(ticket.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(ticket.expiresAt) - f.t.clock.now().getTime()).toBe(20_000);
    expect(await counters()).toEqual({ activated: start.activated - 1, blocked: start.blocked + 3 });

    // Meanwhile someone else unblocks and blocks b again (by hand, a support fix): b is not this block's any more.
    f.t.clock.advance(5_000);
    await f.t.database.db.update(promoCodes).set({ blockedAt: f.t.clock.now() }).where(eq(promoCodes.value, b));
    f.t.clock.advance(4_000);

    const [rowA, rowB, rowC] = await rows([a, b, c]);
    const undone = await undo(ticket.id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({
      restored: [rowA?.id, rowC?.id],
      skipped: [{ id: rowB?.id, reason: 'changed', label: b }],
      undoneAt: f.t.clock.now().toISOString(),
    });
    expect(await statuses([a, b, c])).toEqual(['activated', 'blocked', 'new']);
    expect((await rows([a, c])).map((row) => row?.blockedAt)).toEqual([null, null]);
    expect(await counters()).toEqual({ activated: start.activated, blocked: start.blocked + 1 });
    expect(await unblocks([a, b, c])).toBe(2);

    // Again (a double click, a retry): the same answer, nothing written twice, even after the window.
    f.t.clock.advance(30_000);
    const again = await undo(ticket.id);
    expect(again.json()).toEqual(undone.json());
    expect(await unblocks([a, b, c])).toBe(2);
    expect(await counters()).toEqual({ activated: start.activated, blocked: start.blocked + 1 });
  });

  it('is refused after its window, and leaves the codes blocked', async () => {
    const chosen = fresh(2);
    const ticket = (await blockMany(chosen)).json().undo.id as string;
    f.t.clock.advance(20_001);
    const late = await undo(ticket);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('UNDO_EXPIRED');
    expect(await statuses(chosen)).toEqual(['blocked', 'blocked']);
  });

  it('belongs to whoever ran the block: another staff member is told it does not exist, a planner user is refused', async () => {
    const chosen = fresh(1);
    const ticket = (await blockMany(chosen, 'editor')).json().undo.id as string;
    expect((await undo(ticket, 'admin')).statusCode).toBe(404);
    expect((await undo(ticket, 'admin')).json().code).toBe('UNDO_NOT_FOUND');
    expect((await undo(ticket, 'user')).statusCode).toBe(403);
    expect(await statuses(chosen)).toEqual(['blocked']);
    // An editor may block codes, so the editor who ran it may undo it.
    expect((await undo(ticket, 'editor')).json().restored).toHaveLength(1);
    expect(await statuses(chosen)).toEqual(['new']);
  });

  it('only a real block that blocked a code can be undone', async () => {
    const chosen = fresh(1);
    expect((await blockMany(chosen, 'editor', true)).json().undo).toBeUndefined();
    expect((await blockMany(chosen)).json().undo).not.toBeNull();
    expect((await blockMany(chosen)).json().undo).toBeNull();
  });
});
