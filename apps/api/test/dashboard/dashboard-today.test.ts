import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRollups } from '../../src/modules/dashboard';
import { testDbKind } from '../helpers/test-database';
import { type DashboardTest, dashboardApp, NOW } from './dashboard-fixture';

let t: DashboardTest;
beforeAll(async () => {
  t = await dashboardApp();
  // The signed-in admin is staff; planner users below are the only registrations.
  await t.rows(
    `INSERT INTO users (id, email, role, created_at) VALUES (3001, 'morning@p.test', 'user', '2025-06-01T06:00:00Z')`,
  );
});
afterAll(() => t.close());

const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

describe(`today: stored by the job up to an instant, the rows since counted live (${testDbKind})`, () => {
  it('before the job has run, today is counted live whole', async () => {
    const data = await t.data(7);
    expect(data.users.new.current).toBe(1);
    expect(data.freshness.today).toBe(NOW.toISOString());
    expect(data.freshness.mrrMovements).toBeNull();
  });

  it('after a run, today is the stored figures plus the rows added since', async () => {
    await t.app.dashboardRollups.runOnce();
    const stored = await t.rows<{ value: number }>(
      `SELECT value::int AS value FROM dashboard_daily WHERE metric = 'registrations' AND day = DATE '2025-06-01'`,
    );
    expect(stored).toEqual([{ value: 1 }]);
    t.clock.advance(10_000);
    await t.rows(
      `INSERT INTO users (id, email, role, created_at) VALUES (3002, 'later@p.test', 'user', '${at(5_000)}')`,
    );
    const data = await t.data(7);
    expect(data.users.new.current).toBe(2);
    expect(data.daily.at(-1)?.registrations).toBe(2);
    expect(data.freshness.today).toBe(NOW.toISOString());
    expect(data.freshness.mrrMovements).toBe(NOW.toISOString());
  });

  it('a change to a row counted before the run shows from the next run', async () => {
    await t.rows(`UPDATE users SET role = 'editor' WHERE id = 3001`);
    expect((await t.data(7)).users.new.current).toBe(2);
    await t.app.dashboardRollups.runOnce();
    const data = await t.data(7);
    expect(data.users.new.current).toBe(1);
    expect(data.freshness.today).toBe(at(10_000));
  });

  it('a stored today older than five minutes is left aside: today is counted live again', async () => {
    await t.rows(`UPDATE users SET role = 'user' WHERE id = 3001`);
    t.clock.advance(6 * 60_000);
    const data = await t.data(7);
    expect(data.users.new.current).toBe(2);
    expect(data.freshness.today).toBe(t.clock.now().toISOString());
  });

  it('the stored today is no drift for dashboard:check, which compares past days only', async () => {
    const check = await t.database.db.transaction((tx) => checkRollups(tx, t.clock.now(), { repair: false }));
    expect(check.differences).toEqual([]);
  });
});
