import { cohortGroupings } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRollups } from '../../src/modules/dashboard';
import { seedDatabase } from '../../src/seed/seed-database';
import { openTestDatabase, testDbKind } from '../helpers/test-database';
import { naiveCohorts } from './cohorts-naive';
import { type DashboardTest, dashboardApp, NOW } from './dashboard-fixture';
import { choosePolicies } from './policies-fixture';

const quiet = { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream;
let t: DashboardTest;

beforeAll(async () => {
  const database = await openTestDatabase();
  await seedDatabase(database, {
    users: 400,
    subscriptions: 700,
    transactions: 2500,
    promoCodes: 3000,
    reset: true,
    seed: 11,
    now: NOW,
    staffPassword: 'demo-password',
    progressStream: quiet,
  });
  t = await dashboardApp(database);
  // The seed activates ~10 % of the codes; spread some more over the users and the last months, so
  // that series cohorts have members who paid before, after and never, some activating twice.
  await t.rows(`UPDATE promo_codes SET status = 'activated',
      activated_by = (SELECT id FROM users WHERE role = 'user' ORDER BY id OFFSET (promo_codes.id % 150) LIMIT 1),
      activated_at = TIMESTAMPTZ '2025-06-01T08:00:00Z' - (promo_codes.id % 400) * INTERVAL '1 day'
    WHERE id IN (SELECT id FROM promo_codes WHERE status = 'new' ORDER BY id LIMIT 300)`);
  // The seed rebuilt the grid before these activations; an hour on (its longest wait), the job rebuilds it.
  t.clock.advance(61 * 60_000);
  await t.app.dashboardRollups.runOnce();
  t.token = (await t.signin('boss@pult.test')).apiToken;
}, 180_000);
afterAll(() => t.close());

/** dashboard:check's answer about the grid: the back-dated activations above leave daily rows to the job's next runs. */
async function cohortCheck(repair: boolean) {
  const result = await t.database.db.transaction((tx) => checkRollups(tx, t.clock.now(), { repair }));
  return { ...result, differences: result.differences.filter((d) => d.metric.startsWith('cohort:')) };
}

describe(`cohorts over a seeded history (${testDbKind})`, () => {
  it.each(cohortGroupings)('every cell, size and LTV by %s equals the naive walk over the raw rows', async (by) => {
    const response = await t.app.inject({ url: `/api/analytics/cohorts?by=${by}`, headers: { 'api-token': t.token } });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    const naive = await naiveCohorts(t, by, answer.today);
    // Not an empty comparison: many cohorts, with members lost, kept and paying.
    expect(naive.length).toBeGreaterThan(by === 'month' ? 12 : 2);
    expect(naive.some((row) => row.cells.some((c) => c.retained > 0 && c.retained < c.eligible))).toBe(true);
    expect(naive.some((row) => row.revenue > 0)).toBe(true);
    expect(answer.items).toEqual(naive);
  });

  it.each(cohortGroupings)(
    'with refunds rewriting closed days, revenue and LTV by %s equal the naive walk',
    async (by) => {
      await choosePolicies(t, { refunds: 'rewriteClosedDays', promoGrantsAsSubscribers: false });
      try {
        const url = `/api/analytics/cohorts?by=${by}`;
        const answer = (await t.app.inject({ url, headers: { 'api-token': t.token } })).json();
        expect(answer.policies).toEqual({ refunds: 'rewriteClosedDays', promoGrantsAsSubscribers: false });
        const naive = await naiveCohorts(t, by, answer.today, 'rewriteClosedDays');
        expect(answer.items).toEqual(naive);
        // The policy moved some cohort's revenue (the seed refunds some payments).
        expect(naive).not.toEqual(await naiveCohorts(t, by, answer.today));
      } finally {
        await choosePolicies(t, { refunds: 'onRefundDay', promoGrantsAsSubscribers: true });
      }
    },
  );

  it('dashboard:check reports a corrupted cell and a missing one, and --repair rebuilds the grid', async () => {
    expect((await cohortCheck(false)).differences).toEqual([]);
    const [cell] = await t.rows<{ kind: string; cohort: string; day: string; age: number; retained: number }>(
      `SELECT kind, cohort, to_char(anchor_day, 'YYYY-MM-DD') AS day, age, retained FROM cohort_cells
       WHERE kind = 'month' AND age = 1 AND retained > 0 ORDER BY anchor_day LIMIT 1`,
    );
    if (!cell) throw new Error('the seed made no retained cell');
    await t.rows(`UPDATE cohort_cells SET retained = retained - 1, revenue_rewritten = revenue_rewritten + 500
      WHERE kind = 'month' AND cohort = '${cell.cohort}' AND anchor_day = DATE '${cell.day}' AND age = 1`);
    await t.rows(`DELETE FROM cohort_cells WHERE kind = 'promoSeries' AND age = 12
      AND (cohort, anchor_day) IN (SELECT cohort, anchor_day FROM cohort_cells WHERE kind = 'promoSeries' ORDER BY 1, 2 LIMIT 1)`);
    const found = await cohortCheck(false);
    const cellName = `${cell.cohort}/1`;
    expect(found.differences).toContainEqual({
      metric: 'cohort:month:retained',
      day: cell.day,
      dim: cellName,
      stored: cell.retained - 1,
      actual: cell.retained,
    });
    expect(found.differences.filter((d) => d.dim === cellName).map((d) => d.metric)).toEqual([
      'cohort:month:retained',
      'cohort:month:revenue_rewritten',
    ]);
    // The deleted row: every figure of it stored as 0 (members at least is not).
    expect(found.differences.some((d) => d.metric === 'cohort:promoSeries:members' && d.stored === 0)).toBe(true);
    expect(found.repairedCohorts).toBe(false);
    const repaired = await cohortCheck(true);
    expect(repaired.differences).toEqual(found.differences);
    expect(repaired.repairedCohorts).toBe(true);
    expect((await cohortCheck(false)).differences).toEqual([]);
  });

  it('dashboard:check leaves rows written after the grid was built to its next rebuild', async () => {
    // A member of a month cohort (a paid subscription of theirs), so the payment is their cohort's revenue.
    const [user] = await t.rows<{ id: number }>(
      `SELECT min(s.owner) AS id FROM subscriptions s JOIN subscription_plans p ON p.id = s.plan_id
       WHERE s.source = 'purchase' AND s.status <> 'canceled' AND p.price > 0`,
    );
    // A payment the grid's build has not seen: written after it, by the database's clock (the default).
    await t.rows(`INSERT INTO transactions (user_id, amount, status, provider, kind)
      VALUES (${user?.id}, 99900, 'succeeded', 'yookassa', 'purchase')`);
    expect((await cohortCheck(false)).differences).toEqual([]);
  });
});
