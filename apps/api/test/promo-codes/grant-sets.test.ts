import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionPlans, subscriptions } from '../../src/db/schema';
import { openSession, type Session } from '../helpers/one-session';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/**
 * pult_grant_subscriptions (migration 0026) is the set form of pult_grant_subscription (0008): the
 * batch of redemptions grants with the one, an admin and a small batch with the other. Random lists of
 * grants (users live, deleted and unknown; plans monthly, lifetime, disabled and unknown; subscriptions
 * live, expired and lifetime; one user's grants of one plan in a row) go through both, each in a
 * transaction that is rolled back, and must leave the same subscriptions, payments and audit trail and
 * give the same answers.
 */
let t: TestApp;
let session: Session;
const userIds: number[] = [];
const planIds: number[] = [];
const at = new Date('2026-11-24T12:00:00.000Z');
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  for (let i = 0; i < 4; i++) userIds.push(await t.createUser({ email: `grant-sets${i}@mail.ru`, role: 'user' }));
  userIds.push(await t.createUser({ email: 'grant-sets-gone@mail.ru', role: 'user', status: 'deleted' }));
  userIds.push(2_000_000_000); // no such user
  const plans = await t.database.db
    .insert(subscriptionPlans)
    .values([
      { title: 'Месяц', price: 29900, period: 'month', durationDays: 30, sortOrder: 1 },
      { title: 'Навсегда', price: 990000, period: 'lifetime', durationDays: 36500, sortOrder: 2 },
      { title: 'Старый', price: 100, period: 'month', durationDays: 30, enabled: false },
    ])
    .returning();
  planIds.push(...plans.map((plan) => plan.id), 2_000_000_000);
  const [month, lifetime] = plans;
  const [first, second, third] = userIds;
  if (!month || !lifetime || first === undefined || second === undefined || third === undefined)
    throw new Error('fixture');
  // A live monthly subscription, an expired one, and a live lifetime one.
  await t.database.db.insert(subscriptions).values([
    {
      owner: first,
      planId: month.id,
      status: 'active',
      source: 'admin',
      startedAt: new Date(at.getTime() - 10 * DAY),
      expiresAt: new Date(at.getTime() + 20 * DAY),
    },
    {
      owner: second,
      planId: month.id,
      status: 'active',
      source: 'admin',
      startedAt: new Date(at.getTime() - 90 * DAY),
      expiresAt: new Date(at.getTime() - 60 * DAY),
    },
    {
      owner: third,
      planId: lifetime.id,
      status: 'active',
      source: 'purchase',
      startedAt: new Date(at.getTime() - 5 * DAY),
      expiresAt: null,
    },
  ]);
  session = await openSession(t.database);
});
afterAll(async () => {
  session.release();
  await t.close();
});

interface Grant {
  user: number;
  plan: number;
  days: number | null;
  at: string;
  actor: number;
  ip: string | null;
  source: string;
  provider: string;
}

/** What the grants left, without the ids a sequence hands out (rolled-back runs do not give them back). */
async function outcome(answers: unknown[]) {
  const subs = await session.query(
    `SELECT owner, plan_id, status, source, started_at, expires_at, auto_renew, created_at FROM subscriptions
     ORDER BY owner, plan_id, started_at, expires_at`,
  );
  const payments = await session.query(
    `SELECT user_id, plan_id, amount, currency, status, provider, kind, created_at FROM transactions ORDER BY id`,
  );
  const trail = await session.query(
    `SELECT e.actor_id, e.action, e.entity, s.owner, s.plan_id, e.before, e.after - 'transactionId' AS after, e.ip, e.at
     FROM audit_events e JOIN subscriptions s ON s.id::text = e.entity_id ORDER BY e.id`,
  );
  return { answers, subs, payments, trail };
}

async function singly(grants: Grant[]) {
  await session.query('BEGIN');
  try {
    const answers: unknown[] = [];
    for (const g of grants) {
      await session.query('SAVEPOINT one');
      try {
        const [row] = await session.query<{ granted: Record<string, unknown> }>(
          `SELECT to_jsonb(g) - 'id' AS granted FROM pult_grant_subscription($1::int, $2::int, $3, $4, $5::int,
             $6::timestamptz, $7::int, $8::inet) AS g`,
          [g.user, g.plan, g.source, g.provider, g.days, g.at, g.actor, g.ip],
        );
        answers.push(row?.granted);
        await session.query('RELEASE SAVEPOINT one');
      } catch (error) {
        await session.query('ROLLBACK TO SAVEPOINT one');
        const { code, hint } = error as { code?: string; hint?: string };
        answers.push({ code, hint });
      }
    }
    return await outcome(answers);
  } finally {
    await session.query('ROLLBACK');
  }
}

async function together(grants: Grant[]) {
  await session.query('BEGIN');
  try {
    const rows = await session.query<{ granted: Record<string, unknown> | null; code: string; hint: string }>(
      `SELECT to_jsonb(granted) - 'id' AS granted, error_code AS code, error_hint AS hint
       FROM pult_grant_subscriptions($1::jsonb) ORDER BY item`,
      [JSON.stringify(grants)],
    );
    return await outcome(rows.map((row) => row.granted ?? { code: row.code, hint: row.hint }));
  } finally {
    await session.query('ROLLBACK');
  }
}

describe('pult_grant_subscriptions against pult_grant_subscription', () => {
  it('leaves the same rows and gives the same answers for any list of grants', async () => {
    const grant = fc.record({
      user: fc.constantFrom(...userIds),
      plan: fc.constantFrom(...planIds),
      days: fc.option(fc.integer({ min: 1, max: 400 }), { nil: null }),
      at: fc.integer({ min: 0, max: 5 }).map((minutes) => new Date(at.getTime() + minutes * 60_000).toISOString()),
      actor: fc.constantFrom(...userIds.slice(0, 2)),
      ip: fc.constantFrom(null, '203.0.113.4'),
      source: fc.constantFrom('admin', 'promo'),
      provider: fc.constantFrom('admin', 'promo'),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(grant, { minLength: 1, maxLength: 12 }), async (grants) => {
        // A batch's grants to one user share a moment (they are microseconds apart): the set form reads
        // the user's live subscription once, at the first of them.
        const list = grants.map((g) => ({ ...g, at: grants.find((h) => h.user === g.user)?.at ?? g.at }));
        expect(await together(list)).toEqual(await singly(list));
      }),
      { numRuns: 60 },
    );
  });
});
