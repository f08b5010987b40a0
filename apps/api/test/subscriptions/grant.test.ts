import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, subscriptionPlans, subscriptions, transactions, users } from '../../src/db/schema';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let tokens: Record<string, string> = {};
let yearlyId = 0;
let disabledId = 0;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  t = await buildTestApp();
  ({ tokens } = await t.accounts(['admin', 'editor']));
  const plans = await t.database.db
    .insert(subscriptionPlans)
    .values([
      { title: 'Годовая подписка', price: 199000, period: 'year', durationDays: 365 },
      { title: 'Архивный', price: 9900, period: 'month', durationDays: 30, enabled: false },
    ])
    .returning();
  yearlyId = plans[0]?.id ?? 0;
  disabledId = plans[1]?.id ?? 0;
});
afterAll(() => t.close());

/** Moves time on; staff sign in again, as their one-hour tokens would have lapsed. */
async function advance(ms: number) {
  t.clock.advance(ms);
  for (const role of ['admin', 'editor']) tokens[role] = (await t.signin(`${role}@pult.test`)).apiToken;
}
const grant = (userId: number, planId: number, role = 'admin') =>
  t.app.inject({
    url: `/api/subscriptions/subscribe-by-admin/${userId}/${planId}`,
    headers: { 'api-token': tokens[role] ?? '' },
  });
const rowsFor = async (userId: number) => ({
  subs: await t.database.db.select().from(subscriptions).where(eq(subscriptions.owner, userId)),
  txs: await t.database.db.select().from(transactions).where(eq(transactions.userId, userId)),
});

describe('GET /subscriptions/subscribe-by-admin/:userId/:planId', () => {
  it('starts a subscription with a zero-amount grant transaction', async () => {
    const userId = await t.createUser({ email: 'new@pult.test' });
    const response = await grant(userId, yearlyId);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      owner: userId,
      planId: yearlyId,
      planTitle: 'Годовая подписка',
      status: 'active',
      source: 'admin',
    });
    expect(Date.parse(body.expiresAt) - t.clock.now().getTime()).toBe(365 * DAY);
    const { txs } = await rowsFor(userId);
    expect(txs).toHaveLength(1);
    expect(txs[0]).toMatchObject({
      amount: 0,
      kind: 'grant',
      provider: 'admin',
      status: 'succeeded',
      planId: yearlyId,
    });
    const user = await t.app.inject({ url: `/api/users/${userId}`, headers: { 'api-token': tokens.admin ?? '' } });
    expect(user.json().register).toMatchObject({ planTitle: 'Годовая подписка', status: 'active' });
  });

  it('extends a live subscription from its current expiry, not from today', async () => {
    const userId = await t.createUser({ email: 'extend@pult.test' });
    const first = (await grant(userId, yearlyId)).json();
    await advance(100 * DAY);
    const second = (await grant(userId, yearlyId)).json();
    expect(second.id).toBe(first.id);
    expect(Date.parse(second.expiresAt) - Date.parse(first.expiresAt)).toBe(365 * DAY);
    const { subs, txs } = await rowsFor(userId);
    expect(subs).toHaveLength(1);
    expect(txs).toHaveLength(2);
    // Both grants are in the audit log: who, what, before and after, and the transaction written.
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'subscription'), eq(auditEvents.entityId, String(first.id))))
      .orderBy(auditEvents.id);
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, 'admin@pult.test'));
    expect(events.map((e) => [e.action, e.actorId, e.ip])).toEqual([
      ['grant-subscription', admin?.id, '127.0.0.1'],
      ['extend-subscription', admin?.id, '127.0.0.1'],
    ]);
    expect(events[0]?.before).toBeNull();
    expect(events[1]?.before).toEqual({ expiresAt: first.expiresAt });
    expect(events[1]?.after).toEqual({
      owner: userId,
      planId: yearlyId,
      expiresAt: second.expiresAt,
      transactionId: Math.max(...txs.map((tx) => tx.id)),
    });
  });

  it('starts afresh once the old one has expired', async () => {
    const userId = await t.createUser({ email: 'lapsed@pult.test' });
    await grant(userId, yearlyId);
    await advance(366 * DAY);
    const renewed = (await grant(userId, yearlyId)).json();
    expect(Date.parse(renewed.expiresAt) - t.clock.now().getTime()).toBe(365 * DAY);
    expect((await rowsFor(userId)).subs).toHaveLength(2);
  });

  it('refuses a disabled plan and a deleted user with 409, writing nothing', async () => {
    const userId = await t.createUser({ email: 'refused@pult.test' });
    const disabled = await grant(userId, disabledId);
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json()).toMatchObject({ statusCode: 409, code: 'PLAN_DISABLED' });
    const deletedId = await t.createUser({ email: 'gone@pult.test', status: 'deleted' });
    const deleted = await grant(deletedId, yearlyId);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toMatchObject({ statusCode: 409, code: 'USER_DELETED' });
    for (const id of [userId, deletedId]) expect(await rowsFor(id)).toEqual({ subs: [], txs: [] });
  });

  it('answers 404 for an unknown user or plan and 400 for nonsense ids', async () => {
    const noUser = await grant(999_999, yearlyId);
    expect(noUser.statusCode).toBe(404);
    expect(noUser.json().code).toBe('USER_NOT_FOUND');
    const userId = await t.createUser({ email: 'nofound@pult.test' });
    const noPlan = await grant(userId, 999_999);
    expect(noPlan.statusCode).toBe(404);
    expect(noPlan.json().code).toBe('PLAN_NOT_FOUND');
    const nonsense = await grant(-1, yearlyId);
    expect(nonsense.statusCode).toBe(400);
    expect(nonsense.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { userId: 'too_small' } });
  });

  it('is admin-only', async () => {
    const userId = await t.createUser({ email: 'editor-try@pult.test' });
    const refused = await grant(userId, yearlyId, 'editor');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect(await rowsFor(userId)).toEqual({ subs: [], txs: [] });
  });

  it('is atomic: a failure at the last step leaves no subscription and no transaction', async () => {
    const userId = await t.createUser({ email: 'atomic@pult.test' });
    // Fault injection in the database itself: the audit insert (the last write) fails for this user.
    await t.database.db.execute(
      sql.raw(`
      create or replace function fail_audit() returns trigger language plpgsql as $$
      begin
        if new.entity = 'subscription' and (new.after->>'owner')::int = ${userId} then raise exception 'injected failure'; end if;
        return new;
      end $$`),
    );
    await t.database.db.execute(
      sql.raw('create trigger fail_audit before insert on audit_events for each row execute function fail_audit()'),
    );
    try {
      const response = await grant(userId, yearlyId);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        code: 'INTERNAL',
        message: 'Internal server error',
      });
      expect(await rowsFor(userId)).toEqual({ subs: [], txs: [] });
    } finally {
      await t.database.db.execute(sql.raw('drop trigger fail_audit on audit_events'));
      await t.database.db.execute(sql.raw('drop function fail_audit()'));
    }
    expect((await grant(userId, yearlyId)).statusCode).toBe(200);
  });

  it('serialises concurrent grants: both extensions count', async () => {
    const userId = await t.createUser({ email: 'concurrent@pult.test' });
    await grant(userId, yearlyId);
    const before = (await rowsFor(userId)).subs[0]?.expiresAt?.getTime() ?? 0;
    const results = await Promise.all([grant(userId, yearlyId), grant(userId, yearlyId)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const { subs, txs } = await rowsFor(userId);
    expect(subs).toHaveLength(1);
    expect((subs[0]?.expiresAt?.getTime() ?? 0) - before).toBe(2 * 365 * DAY);
    expect(txs).toHaveLength(3);
    const [u] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(u?.status).toBe('active');
  });
});
