import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildAfterMs } from '../../src/modules/dashboard/cohort-rollup';
import { testDbKind } from '../helpers/test-database';
import { insertCohortHistories } from './cohorts-fixture';
import { type DashboardTest, dashboardApp } from './dashboard-fixture';

/**
 * The cohort grid is rebuilt by a job of its own, in its own transaction (issue 37): a rebuild that
 * fails or takes minutes no longer holds back the daily rollups and their stamps.
 */
let t: DashboardTest;
beforeAll(async () => {
  t = await dashboardApp();
  await insertCohortHistories(t);
});
afterAll(() => t.close());

const stamps = () =>
  t.rows<{ name: string; asOf: string }>(
    `SELECT name, to_char(as_of AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "asOf"
       FROM dashboard_freshness WHERE name IN ('today', 'mrr', 'cohorts') ORDER BY name`,
  );

describe(`the cohort grid's job (${testDbKind})`, () => {
  it('a failing grid rebuild leaves the rollups committed, and the next run builds the grid', async () => {
    // The grid's one statement made to fail: its function renamed away for one run.
    await t.rows('ALTER FUNCTION pult_cohort_cells(timestamptz) RENAME TO pult_cohort_cells_away');
    await expect(t.app.dashboardRollups.runOnce()).rejects.toThrow(/pult_cohort_cells/);
    expect(await stamps()).toEqual([
      { name: 'mrr', asOf: '2025-06-01T09:00:00Z' },
      { name: 'today', asOf: '2025-06-01T09:00:00Z' },
    ]);
    expect(await t.rows('SELECT 1 FROM cohort_cells')).toEqual([]);

    await t.rows('ALTER FUNCTION pult_cohort_cells_away(timestamptz) RENAME TO pult_cohort_cells');
    t.clock.advance(60_000);
    expect(await t.app.dashboardRollups.runOnce()).toBe(true);
    expect((await stamps()).map((row) => row.name)).toEqual(['cohorts', 'mrr', 'today']);
    expect((await t.rows('SELECT 1 FROM cohort_cells')).length).toBeGreaterThan(0);
  });

  it('waits a hundred times its last rebuild, at least 25 s, at most an hour until a rebuild takes over 3 min', () => {
    expect(rebuildAfterMs(0)).toBe(25_000);
    expect(rebuildAfterMs(1_000)).toBe(100_000);
    expect(rebuildAfterMs(72_000)).toBe(3_600_000);
    expect(rebuildAfterMs(180_000)).toBe(3_600_000);
    // 10 M users: a ten-minute rebuild every 200 min (5 % of a core), not every hour (17 %).
    expect(rebuildAfterMs(600_000)).toBe(12_000_000);
  });
});
