import { cohortGroupings } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../src/seed/seed-database';
import { openTestDatabase, testDbKind } from '../helpers/test-database';
import { naiveCohorts } from './cohorts-naive';
import { type DashboardTest, dashboardApp, NOW } from './dashboard-fixture';

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
});
