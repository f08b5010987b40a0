import { type MrrMovementKind, mrrMovementKinds } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRollups } from '../../src/modules/dashboard';
import { testDbKind } from '../helpers/test-database';
import { type DashboardTest, dashboardApp } from './dashboard-fixture';
import { insertHistories } from './mrr-movements-fixture';
import { naiveMrrMovements } from './mrr-movements-naive';

let t: DashboardTest;
beforeAll(async () => {
  t = await dashboardApp();
  await insertHistories(t);
  await t.app.dashboardRollups.runOnce();
});
afterAll(() => t.close());

const queued = async () =>
  (await t.rows<{ owner: number }>('SELECT owner FROM mrr_dirty_owners ORDER BY owner')).map((r) => r.owner);

type Row = { userId: number; at: string; kind: string; amount: number };
const byDayAndUser = (a: Row, b: Row) => a.at.localeCompare(b.at) || a.userId - b.userId;

/** Every stored movement up to `to`, against the naive walk over the raw rows, day by day. */
async function expectRollupEqualsNaive(to: string) {
  const stored = await t.rows<Row>(
    `SELECT user_id AS "userId", to_char(day, 'YYYY-MM-DD') AS at, kind, amount::float8 AS amount
     FROM mrr_movements WHERE day <= DATE '${to}'`,
  );
  const walk = await naiveMrrMovements(t, '2000-01-01', to);
  const naive = mrrMovementKinds.flatMap((kind) =>
    (walk.items.get(kind) ?? []).map((item) => ({ userId: item.userId, at: item.at, kind, amount: item.amount })),
  );
  expect(stored.sort(byDayAndUser)).toEqual(naive.sort(byDayAndUser));
  const daily = await t.rows<{ at: string; kind: MrrMovementKind; amount: number; customers: number }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS at, kind, amount::float8 AS amount, customers FROM mrr_daily
     WHERE day <= DATE '${to}' AND (amount <> 0 OR customers <> 0) ORDER BY 1, 2`,
  );
  const sums = new Map<string, { amount: number; customers: number }>();
  for (const row of naive) {
    const key = `${row.at} ${row.kind}`;
    const sum = sums.get(key) ?? { amount: 0, customers: 0 };
    sums.set(key, { amount: sum.amount + row.amount, customers: sum.customers + 1 });
  }
  expect(
    Object.fromEntries(daily.map((d) => [`${d.at} ${d.kind}`, { amount: d.amount, customers: d.customers }])),
  ).toEqual(Object.fromEntries(sums));
}

describe(`MRR movement rollup (${testDbKind})`, () => {
  it('the backfilled rollup equals the naive walk on every day, past and to come', async () => {
    expect(await queued()).toEqual([]);
    await expectRollupEqualsNaive('2027-01-01');
  });

  it('queues only the owners a write can move, and the job folds them in', async () => {
    const before = await t.data(90);
    // Grants and promo subscriptions count nothing: no owner queued.
    await t.rows(`INSERT INTO subscriptions (owner, plan_id, status, source, started_at, expires_at)
      VALUES (2007, 301, 'active', 'promo', '2025-05-30T10:00:00Z', '2025-06-29T10:00:00Z')`);
    await t.rows(`UPDATE subscriptions SET status = 'expired' WHERE owner = 2001`);
    expect(await queued()).toEqual([]);
    // An upgrade today, a refund that cancels a lapsed subscription, a renewal pushed later.
    await t.rows(`INSERT INTO subscriptions (owner, plan_id, status, source, started_at, expires_at)
      VALUES (2001, 302, 'active', 'purchase', '2025-06-01T08:00:00Z', '2026-06-01T08:00:00Z')`);
    await t.rows(`UPDATE subscriptions SET status = 'canceled' WHERE owner = 2004`);
    await t.rows(`UPDATE subscriptions SET expires_at = expires_at + INTERVAL '3 days' WHERE owner = 2011`);
    expect(await queued()).toEqual([2001, 2004, 2011]);
    // Not folded yet: the figures are the last run's.
    expect((await t.data(90)).mrrMovements).toEqual(before.mrrMovements);
    await t.app.dashboardRollups.runOnce();
    expect(await queued()).toEqual([]);
    const after = await t.data(90);
    expect(after.mrrMovements).toEqual((await naiveMrrMovements(t, after.from, after.to)).sums);
    // 2001's monthly runs on past today beside the new yearly: both count. 2004's purchase canceled
    // takes its new and its churn away; 2011's lapse moves from today to 4 June.
    expect(after.mrrMovements.expansion).toBe(before.mrrMovements.expansion + 39992);
    expect(after.mrrMovements.new).toBe(before.mrrMovements.new - 29900);
    expect(after.mrrMovements.churn).toBe(before.mrrMovements.churn + 2 * 29900);
    await expectRollupEqualsNaive('2027-01-01');
  });

  it('a plan re-priced re-rates everyone who bought it', async () => {
    await t.rows('UPDATE subscription_plans SET title = title || $$ (ред.)$$ WHERE id = 305');
    expect(await queued()).toEqual([]);
    await t.rows('UPDATE subscription_plans SET price = 24900 WHERE id = 305');
    expect(await queued()).toEqual([2003, 2005]);
    await t.app.dashboardRollups.runOnce();
    const data = await t.data(30);
    expect(data.mrrMovements.reactivation).toBe(24900);
    expect(data.mrrMovements).toEqual((await naiveMrrMovements(t, data.from, data.to)).sums);
    await expectRollupEqualsNaive('2027-01-01');
  });

  it('the waterfall opens at the MRR of the day before the period and closes at opening + net', async () => {
    const data = await t.data(30);
    const walk = await naiveMrrMovements(t, '2000-01-01', data.from);
    const beforeFrom = mrrMovementKinds.reduce(
      (n, kind) => n + (walk.items.get(kind) ?? []).filter((i) => i.at < data.from).reduce((m, i) => m + i.amount, 0),
      0,
    );
    expect(data.mrrOpening).toBe(beforeFrom);
    expect(data.mrrOpening).toBeGreaterThan(0);
  });

  it('dashboard:check finds a changed movement, a lost one, a stray one and a wrong day sum; --repair mends them', async () => {
    const clean = await t.database.db.transaction((tx) => checkRollups(tx, t.clock.now(), { repair: false }));
    expect(clean.differences.filter((d) => d.metric.startsWith('mrr'))).toEqual([]);
    await t.rows(`UPDATE mrr_movements SET amount = amount + 1 WHERE user_id = 2002 AND day = DATE '2025-05-15'`);
    await t.rows(`DELETE FROM mrr_movements WHERE user_id = 2013`);
    await t.rows(`INSERT INTO mrr_movements (user_id, day, kind, amount) VALUES (2016, DATE '2025-05-20', 'new', 100)`);
    await t.rows(`UPDATE mrr_daily SET customers = customers + 5 WHERE day = DATE '2025-05-10' AND kind = 'new'`);
    const found = await t.database.db.transaction((tx) => checkRollups(tx, t.clock.now(), { repair: false }));
    const mrr = found.differences.filter((d) => d.metric.startsWith('mrr'));
    expect(mrr.filter((d) => d.metric.startsWith('mrr:'))).toEqual([
      { metric: 'mrr:new', day: '2025-04-02', dim: '2013', stored: 0, actual: 29900 },
      { metric: 'mrr:churn', day: '2025-05-03', dim: '2013', stored: 0, actual: -29900 },
      { metric: 'mrr:expansion', day: '2025-05-15', dim: '2002', stored: 39992 - 29900 + 1, actual: 39992 - 29900 },
      { metric: 'mrr:new', day: '2025-05-20', dim: '2016', stored: 100, actual: 0 },
    ]);
    expect(mrr.map((d) => `${d.metric} ${d.day}`)).toContain('mrr-daily:new 2025-05-10');
    const repaired = await t.database.db.transaction((tx) => checkRollups(tx, t.clock.now(), { repair: true }));
    expect(repaired.repairedOwners).toBe(3);
    const again = await t.database.db.transaction((tx) => checkRollups(tx, t.clock.now(), { repair: false }));
    expect(again.differences.filter((d) => d.metric.startsWith('mrr'))).toEqual([]);
    await expectRollupEqualsNaive('2027-01-01');
  });
});
