import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshRollups } from '../../src/modules/dashboard';
import { testDbKind } from '../helpers/test-database';
import { type DashboardTest, dashboardApp } from './dashboard-fixture';

let t: DashboardTest;
beforeAll(async () => {
  t = await dashboardApp();
});
afterAll(() => t.close());

const registrations = async (day: string) =>
  (
    await t.rows<{ n: number }>(
      `SELECT coalesce(sum(value), 0)::int AS n FROM dashboard_daily WHERE metric = 'registrations' AND day = '${day}'`,
    )
  )[0]?.n;
const run = (at: string) => t.database.db.transaction((tx) => refreshRollups(tx, new Date(at)));

describe(`the rollup job and yesterday (${testDbKind})`, () => {
  it('recomputes yesterday unmarked only in the first hour of the day, a marked yesterday always', async () => {
    await run('2025-06-01T09:00:00Z');
    // A registration of yesterday whose mark was lost (a write that raced a run): noon does not see it.
    await t.rows(`INSERT INTO users (email, role, status, created_at)
      VALUES ('late-1@pult.test', 'user', 'active', '2025-05-31T10:00:00Z')`);
    await t.rows(`DELETE FROM dashboard_rollup_days`);
    await run('2025-06-01T09:00:00Z');
    expect(await registrations('2025-05-31')).toBe(0);
    // 00:30 in Moscow: yesterday is recomputed whatever is marked.
    await run('2025-05-31T21:30:00Z');
    expect(await registrations('2025-05-31')).toBe(1);
    // A marked yesterday is recomputed at noon too (the triggers mark every write's day).
    await t.rows(`INSERT INTO users (email, role, status, created_at)
      VALUES ('late-2@pult.test', 'user', 'active', '2025-05-31T11:00:00Z')`);
    await run('2025-06-01T09:00:00Z');
    expect(await registrations('2025-05-31')).toBe(2);
  });
});
