import type { CohortsResponse } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../helpers/test-database';
import { insertCohortHistories, JANUARY } from './cohorts-fixture';
import { naiveCohorts } from './cohorts-naive';
import { type DashboardTest, dashboardApp } from './dashboard-fixture';

let t: DashboardTest;
beforeAll(async () => {
  t = await dashboardApp();
  await insertCohortHistories(t);
  // The rollup job's first run builds the grid (decision 0046).
  await t.app.dashboardRollups.runOnce();
});
afterAll(() => t.close());

const get = (query: string, token: string | null = t.token) =>
  t.app.inject({ url: `/api/analytics/cohorts${query}`, headers: token ? { 'api-token': token } : {} });

async function grid(by?: string): Promise<CohortsResponse> {
  const response = await get(by ? `?by=${by}` : '');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe(`cohorts (${testDbKind})`, () => {
  it('by month: the hand-worked January cohort, and the naive walk agrees with every cell', async () => {
    const answer = await grid();
    expect(answer.by).toBe('month');
    expect(answer.today).toBe('2025-06-01');
    expect(answer.asOf).not.toBeNull();
    expect(answer.items.map((row) => row.key)).toEqual(['2025-01', '2025-02']);
    const january = answer.items[0];
    expect(january?.size).toBe(JANUARY.size);
    expect(january?.revenue).toBe(JANUARY.revenue);
    expect(january?.ltv).toBeCloseTo(JANUARY.revenue / JANUARY.size, 6);
    expect(january?.cells.slice(0, 6).map((c) => [c.eligible, c.retained])).toEqual(JANUARY.cells);
    expect(january?.cells[0]?.share).toBeCloseTo(4 / 7, 9);
    expect(january?.cells[5]?.share).toBeNull();
    // Age 1's revenue: what came before each member's first mark: 3001's renewal the day after its mark and
    // 3005's upgrade on its mark are left out.
    expect(january?.cells[0]?.ltv).toBeCloseTo((29900 + 199000 + 29900 + 499000 + 29900 + 0 + 29900) / 7, 6);
    expect(answer.items[1]).toMatchObject({ key: '2025-02', size: 1, revenue: 29900 });
    expect(answer.items).toEqual(await naiveCohorts(t, 'month', answer.today));
  });

  it('by promo series: members from their first activation, whether or not they ever paid', async () => {
    const answer = await grid('promoSeries');
    expect(answer.items).toHaveLength(1);
    const spring = answer.items[0];
    expect(spring).toMatchObject({ key: '901', label: 'Весна', size: 2, revenue: 29900 });
    expect(spring?.cells.slice(0, 4).map((c) => [c.eligible, c.retained])).toEqual([
      [2, 1],
      [2, 0],
      [1, 0],
      [1, 0],
    ]);
    expect(answer.items).toEqual(await naiveCohorts(t, 'promoSeries', answer.today));
  });

  it('refuses an unknown grouping in the one error shape', async () => {
    for (const query of ['?by=week', '?by=', '?by=Month']) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        code: 'VALIDATION_FAILED',
      });
    }
  });

  it('answers staff only: admin and editor, not a planner user, not anonymous', async () => {
    expect((await get('', null)).statusCode).toBe(401);
    await t.createUser({ email: 'cohort-planner@pult.test', role: 'user' });
    await t.createUser({ email: 'cohort-editor@pult.test', role: 'editor' });
    const user = (await t.signin('cohort-planner@pult.test')).apiToken;
    const editor = (await t.signin('cohort-editor@pult.test')).apiToken;
    expect((await get('', user)).statusCode).toBe(403);
    const answer = await get('?by=promoSeries', editor);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().items).toHaveLength(1);
  });

  it('is rebuilt by the job once the grid has aged, not at every run (last: it moves the clock an hour)', async () => {
    await t.rows(`INSERT INTO subscriptions (owner, plan_id, status, source, started_at, expires_at)
      VALUES (3011, 401, 'active', 'purchase', '2025-03-02T09:00:00Z', '2025-04-01T09:00:00Z')`);
    await t.app.dashboardRollups.runOnce();
    expect((await grid()).items.map((row) => row.key)).toEqual(['2025-01', '2025-02']);
    t.clock.advance(61 * 60_000);
    await t.app.dashboardRollups.runOnce();
    // An hour on, the admin's session has timed out: sign in again.
    const again = await get('', (await t.signin('boss@pult.test')).apiToken);
    const answer: CohortsResponse = again.json();
    expect(answer.items.map((row) => row.key)).toEqual(['2025-01', '2025-02', '2025-03']);
    expect(answer.items).toEqual(await naiveCohorts(t, 'month', answer.today));
  });
});
