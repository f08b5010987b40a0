import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { auditEvents, promoCodes, subscriptions, transactions, users as usersTable } from '../../src/db/schema';
import { openSession } from '../helpers/one-session';
import { type PromoFixture, promoFixture } from './promo-fixture';

/**
 * A batch claims every code in one UPDATE and grants every claimed code in one statement
 * (pult_grant_subscriptions, migration 0026, docs/decisions/0028). It must answer exactly as the
 * one-by-one batch of 0025 did, and fall back to one by one when a grant is refused, so that the code
 * of a refused grant goes to the next redemption of it. The procedure says which way the session's last
 * batch went (`pult.last_batch`), so a set that fails and falls back cannot pass for a working one.
 */
let f: PromoFixture;
let fresh: string[] = [];
let blocked = '';
const users: number[] = [];

beforeAll(async () => {
  f = await promoFixture();
  for (let i = 0; i < 4; i++) users.push(await f.t.createUser({ email: `sets${i}@mail.ru`, role: 'user' }));
  const series = await f.createSeries({ name: 'Наборы', prefix: 'SET', codeLength: 8, codesCount: 20 });
  ({ fresh, blocked } = await f.codesWithOneBlocked(series.id));
});
afterAll(() => f.t.close());

const user = (i: number) => users[i] ?? 0;
const code = (i: number) => fresh[i] ?? '';
const at = new Date('2026-11-24T10:00:00.000Z');
const DAY = 86_400_000;

const item = (value: string, userId: number) => ({
  value,
  user: userId,
  at: at.toISOString(),
  ip: '203.0.113.5',
  userKey: `sets:user:${userId}`,
  ipKey: 'sets:ip',
  perUser: 100,
  perIp: 100,
  windowMs: 60_000,
});

type Result = { granted: Record<string, unknown> } | { error: { code: string; hint: string | null } };

/** Calls the batch procedure, then reads on the same session which way it went. */
async function redeemBatch(items: object[]): Promise<{ results: Result[]; path: string }> {
  const session = await openSession(f.t.database);
  try {
    const [row] = await session.query<{ results: Result[] }>('CALL pult_redeem_promo_codes($1::jsonb, 0)', [
      JSON.stringify(items),
    ]);
    const [setting] = await session.query<{ path: string }>(`select current_setting('pult.last_batch', true) as path`);
    return { results: row?.results ?? [], path: setting?.path ?? '' };
  } finally {
    session.release();
  }
}

const granted = (result: Result | undefined) => (result && 'granted' in result ? result.granted : undefined);
const refusal = (result: Result | undefined) => (result && 'error' in result ? result.error.hint : undefined);

describe('a batch in sets', () => {
  it('claims and grants in one go and answers each redemption as one by one did', async () => {
    const { results, path } = await redeemBatch([
      item(code(0), user(0)),
      item(code(1), user(1)),
      item(code(2), user(1)), // the same user twice: the second extends the first
      item('SETNOSUCH1', user(2)),
      item(blocked, user(2)),
      item(code(3), user(3)), // two users, one code: the lower user id gets it
      item(code(3), user(0)),
    ]);
    expect(path).toBe('sets');
    expect(results.map((r) => ('granted' in r ? 'granted' : r.error.hint))).toEqual([
      'granted',
      'granted',
      'granted',
      'CODE_NOT_FOUND',
      'CODE_BLOCKED',
      'CODE_USED',
      'granted',
    ]);
    expect(results[3]).toEqual({ error: { code: 'PU404', message: 'Promo code not found', hint: 'CODE_NOT_FOUND' } });

    // User 1: one subscription of 30 + 30 days; the first answer says 30, the second 60, and extended.
    const first = granted(results[1]);
    const second = granted(results[2]);
    expect(first).toMatchObject({
      owner: user(1),
      extended: false,
      plan_id: f.planId,
      status: 'active',
      source: 'promo',
    });
    expect(second).toMatchObject({ id: first?.id, extended: true });
    expect(new Date(String(first?.expires_at)).getTime()).toBe(at.getTime() + 30 * DAY);
    expect(new Date(String(second?.expires_at)).getTime()).toBe(at.getTime() + 60 * DAY);
    const mine = await f.t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.owner, user(1)));
    expect(mine.map((s) => s.expiresAt?.getTime())).toEqual([at.getTime() + 60 * DAY]);

    // Its audit trail: a grant, then an extension that starts where the grant ended, each naming its payment.
    const trail = await f.t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'subscription'), eq(auditEvents.entityId, String(first?.id))))
      .orderBy(auditEvents.id);
    expect(trail.map((e) => e.action)).toEqual(['grant-subscription', 'extend-subscription']);
    expect(trail[1]?.before).toEqual({ expiresAt: new Date(at.getTime() + 30 * DAY).toISOString() });
    expect(trail[1]?.after).toMatchObject({
      owner: user(1),
      expiresAt: new Date(at.getTime() + 60 * DAY).toISOString(),
    });
    const payments = await f.t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, user(1)));
    expect(payments.map((p) => [p.amount, p.kind, p.provider]).sort()).toEqual([
      [0, 'grant', 'promo'],
      [0, 'grant', 'promo'],
    ]);
    expect(trail.map((e) => (e.after as { transactionId: number }).transactionId).sort()).toEqual(
      payments.map((p) => p.id).sort(),
    );

    // Who holds what.
    const claimed = await f.t.database.db
      .select({ value: promoCodes.value, by: promoCodes.activatedBy })
      .from(promoCodes)
      .where(inArray(promoCodes.value, [code(0), code(1), code(2), code(3)]));
    expect(claimed.map((c) => [c.value, c.by]).sort()).toEqual(
      [
        [code(0), user(0)],
        [code(1), user(1)],
        [code(2), user(1)],
        [code(3), user(0)],
      ].sort(),
    );
    // User 0 got two codes of the same plan in this batch: one subscription, extended once.
    const zero = await f.t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.owner, user(0)));
    expect(zero.map((s) => s.expiresAt?.getTime())).toEqual([at.getTime() + 60 * DAY]);
  });

  it('goes one by one when a grant is refused, and the code goes to the next redemption of it', async () => {
    await f.t.database.db
      .update(usersTable)
      .set({ status: 'deleted' })
      .where(eq(usersTable.id, user(2)));
    const { results, path } = await redeemBatch([
      item(code(5), user(3)),
      item(code(5), user(2)), // the lower user, deleted: refused, so user 3 gets the code
      item(code(6), user(1)),
      item(code(7), user(0)),
      item(code(8), user(3)),
      item('SETNOSUCH2', user(1)),
    ]);
    expect(path).toMatch(/^one by one: PU100/);
    expect(results.map((r) => ('granted' in r ? 'granted' : r.error.hint))).toEqual([
      'granted',
      'USER_DELETED',
      'granted',
      'granted',
      'granted',
      'CODE_NOT_FOUND',
    ]);
    expect(granted(results[0])).toMatchObject({ owner: user(3), extended: false });
    expect(granted(results[4])).toMatchObject({ owner: user(3), extended: true });
    expect(granted(results[2])).toMatchObject({ owner: user(1), extended: true });
    const [five] = await f.t.database.db
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.value, code(5)));
    expect(five?.activatedBy).toBe(user(3));
    expect(
      await f.t.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.owner, user(2))),
    ).toEqual([]);
  });
});

describe('a small batch', () => {
  it('of two goes in sets (0049) and answers each as one by one did: granted, blocked, unknown, used', async () => {
    const { results, path } = await redeemBatch([item(code(9), user(0)), item(blocked, user(1))]);
    expect(path).toBe('sets');
    expect(granted(results[0])).toMatchObject({ owner: user(0), extended: true });
    expect(refusal(results[1])).toBe('CODE_BLOCKED');
    const mixed = await redeemBatch([
      item(code(9), user(1)), // used by the batch above
      item('SETNOSUCH3', user(0)),
      item(code(10), user(3)),
    ]);
    expect(mixed.path).toBe('sets');
    expect(mixed.results.map((r) => ('granted' in r ? 'granted' : r.error.hint))).toEqual([
      'CODE_USED',
      'CODE_NOT_FOUND',
      'granted',
    ]);
    expect(mixed.results[0]).toEqual({
      error: { code: 'PU409', message: expect.any(String), hint: 'CODE_USED' },
    });
  });

  it('of one goes one by one', async () => {
    const { results, path } = await redeemBatch([item(code(11), user(0))]);
    expect(path).toBe('one by one: 1 to claim');
    expect(granted(results[0])).toMatchObject({ owner: user(0), extended: true });
  });
});

describe('pult_grant_subscriptions', () => {
  it('grants a list, chains one user’s grants of one plan, and refuses the bad ones without writing them', async () => {
    const [live] = await f.t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.owner, user(3)))
      .orderBy(desc(subscriptions.id));
    const liveEnd = live?.expiresAt?.getTime() ?? 0;
    const grant = (userId: number, planId: number, days: number | null) => ({
      user: userId,
      plan: planId,
      days,
      at: at.toISOString(),
      actor: user(0),
      ip: null,
      source: 'admin',
      provider: 'admin',
    });
    const grants = JSON.stringify([
      grant(user(3), f.planId, 10),
      grant(999_999, f.planId, null),
      grant(user(3), f.planId, null), // the plan's own 365 days
      grant(user(3), f.disabledPlanId, null),
      grant(user(2), f.planId, null), // deleted
    ]);
    const before = (await f.t.database.db.select().from(transactions)).length;
    const rows = await queryRows<{ item: number; granted: { expires_at: string } | null; error_hint: string | null }>(
      f.t.database.db,
      sql`select item, to_jsonb(granted) as granted, error_hint from pult_grant_subscriptions(${grants}::jsonb)`,
    );
    expect(rows.map((r) => r.item)).toEqual([1, 2, 3, 4, 5]);
    expect(rows.map((r) => r.error_hint)).toEqual([null, 'USER_NOT_FOUND', null, 'PLAN_DISABLED', 'USER_DELETED']);
    expect(rows[0]?.granted).toMatchObject({ id: live?.id, extended: true });
    expect(new Date(String(rows[0]?.granted?.expires_at)).getTime()).toBe(liveEnd + 10 * DAY);
    expect(new Date(String(rows[2]?.granted?.expires_at)).getTime()).toBe(liveEnd + 375 * DAY);
    const [after] = await f.t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, live?.id ?? 0));
    expect(after?.expiresAt?.getTime()).toBe(liveEnd + 375 * DAY);
    expect((await f.t.database.db.select().from(transactions)).length).toBe(before + 2);
  });
});
