import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionPlans } from '../../src/db/schema';
import { openSession, type Session } from '../helpers/one-session';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/**
 * A grant finds the user's live subscription through the owner's index only (migration 0052). On a
 * subscriptions table that was never analysed (a fresh installation, a database copied from a template
 * without billing rows) PostgreSQL rated the plan's index like the owner's and ANDed both bitmaps, so
 * every extension read every index entry the plan ever had, dead ones included: redemptions slowed as
 * they went (issue 37, target 3). The index scans are counted from PostgreSQL's own statistics.
 */
let t: TestApp;
let session: Session;
let userId: number;
let planId: number;

async function indexScans(): Promise<Record<string, number>> {
  // Statistics are sent at the end of a transaction; this makes the next end send them all.
  await session.query('SELECT pg_stat_force_next_flush()');
  await session.query('SELECT pg_stat_clear_snapshot()');
  const rows = await session.query<{ name: string; scans: string }>(
    `SELECT indexrelname AS name, idx_scan::text AS scans FROM pg_stat_user_indexes
     WHERE relname = 'subscriptions' AND indexrelname IN ('subscriptions_plan_idx', 'subscriptions_owner_latest_idx')`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.scans)]));
}

beforeAll(async () => {
  t = await buildTestApp();
  userId = await t.createUser({ email: 'grant-lookup@mail.ru', role: 'user' });
  const [plan] = await t.database.db
    .insert(subscriptionPlans)
    .values({ title: 'Промо-месяц', price: 0, period: 'month', durationDays: 30, sortOrder: 1 })
    .returning();
  if (!plan) throw new Error('fixture');
  planId = plan.id;
  session = await openSession(t.database);
  // Another user's subscription of the plan extended 2,000 times: the table grows by dead versions (no
  // vacuum comes between, as none comes on our CI's PostgreSQL) while it has no statistics, which is
  // what makes PostgreSQL AND the two indexes (the migrations leave the table never analysed).
  const other = await t.createUser({ email: 'grant-lookup-other@mail.ru', role: 'user' });
  await session.query(
    `INSERT INTO subscriptions (owner, plan_id, status, source, started_at, expires_at)
     VALUES ($1, $2, 'active', 'admin', now(), now() + interval '30 days')`,
    [other, planId],
  );
  await session.query(
    `DO $$ BEGIN FOR i IN 1..2000 LOOP
       UPDATE subscriptions SET expires_at = expires_at + interval '1 second' WHERE owner = ${Number(other)};
     END LOOP; END $$`,
  );
});

afterAll(async () => {
  session.release();
  await t.close();
});

describe('a grant looks up the live subscription by its owner', () => {
  it('extends through the owner index and never scans the plan index, in sets and one by one', async () => {
    const grant = (at: string) =>
      JSON.stringify([{ user: userId, plan: planId, days: 1, at, actor: userId, source: 'promo', provider: 'promo' }]);
    // The first grant starts the subscription; the next ones (past the five custom plans, so the cached
    // generic plan is the one used) extend it.
    await session.query('SELECT * FROM pult_grant_subscriptions($1::jsonb)', [grant('2026-11-20T10:00:00Z')]);
    const before = await indexScans();
    for (let i = 1; i <= 8; i++) {
      await session.query('SELECT * FROM pult_grant_subscriptions($1::jsonb)', [grant(`2026-11-20T10:0${i}:00Z`)]);
      await session.query(
        `SELECT * FROM pult_grant_subscription($1::int, $2::int, 'promo', 'promo', 1, $3::timestamptz, $1::int, null)`,
        [userId, planId, `2026-11-20T11:0${i}:00Z`],
      );
    }
    const after = await indexScans();

    // One subscription: the first grant's day and a day more from each of the 16 after it.
    const [held] = await session.query<{ count: number; days: number }>(
      `SELECT count(*)::int AS count, max(extract(epoch FROM expires_at - started_at) / 86400)::int AS days
       FROM subscriptions WHERE owner = $1`,
      [userId],
    );
    expect(held).toEqual({ count: 1, days: 1 + 16 });
    expect(after.subscriptions_owner_latest_idx).toBeGreaterThanOrEqual(
      (before.subscriptions_owner_latest_idx ?? 0) + 16,
    );
    expect(after.subscriptions_plan_idx).toBe(before.subscriptions_plan_idx);
  });
});
