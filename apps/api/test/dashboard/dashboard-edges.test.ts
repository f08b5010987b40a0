import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRollups } from '../../src/modules/dashboard';
import { testDbKind } from '../helpers/test-database';
import { type DashboardTest, dashboardApp } from './dashboard-fixture';

let t: DashboardTest;
beforeAll(async () => {
  t = await dashboardApp();
});
afterAll(() => t.close());

const exec = (text: string) => t.database.db.execute(sql.raw(text));

describe(`dashboard on an empty database (${testDbKind})`, () => {
  it('answers zeros without errors for every period, and 30 days by default', async () => {
    for (const period of [7, 30, 90]) {
      const data = await t.data(period);
      expect(data.period).toBe(period);
      expect(data.daily).toHaveLength(period);
      expect(data.users.new).toEqual({ current: 0, previous: 0 });
      expect(data.subscriptions.active).toEqual({ current: 0, previous: 0 });
      expect(data.money).toMatchObject({ revenue: { current: 0, previous: 0 }, mrr: { current: 0, previous: 0 } });
      expect(data.subscriptions.churnRate).toEqual({ current: 0, previous: 0 });
      expect(data.promo.funnel).toEqual([]);
      expect(data.push).toEqual({
        sent: { current: 0, previous: 0 },
        failed: { current: 0, previous: 0 },
        opened: { current: 0, previous: 0 },
      });
    }
    const data = await t.data();
    expect(data).toMatchObject({ period: 30, from: '2025-05-03', to: '2025-06-01' });
  });

  it('refuses a period other than 7, 30 or 90, and callers other than staff', async () => {
    for (const period of ['15', 'abc', '0', '-7']) {
      const response = await t.app.inject({
        url: `/api/common/dashboard-data?period=${period}`,
        headers: { 'api-token': t.token },
      });
      expect(response.statusCode, period).toBe(400);
    }
    expect((await t.app.inject({ url: '/api/common/dashboard-data' })).statusCode).toBe(401);
    await t.createUser({ email: 'planner@pult.test', role: 'user' });
    await t.createUser({ email: 'editor@pult.test', role: 'editor' });
    const user = (await t.signin('planner@pult.test')).apiToken;
    const editor = (await t.signin('editor@pult.test')).apiToken;
    expect((await t.app.inject({ url: '/api/common/dashboard-data', headers: { 'api-token': user } })).statusCode).toBe(
      403,
    );
    expect(
      (await t.app.inject({ url: '/api/common/dashboard-data', headers: { 'api-token': editor } })).statusCode,
    ).toBe(200);
  });
});

describe('edge days, refunds in another period, lifetime plans', () => {
  beforeAll(async () => {
    // The role test's planner account would count as a registration today.
    await exec(`UPDATE users SET role = 'editor' WHERE role = 'user'`);
    await exec(`INSERT INTO subscription_plans (id, title, price, period, duration_days) VALUES
      (101, 'Месяц', 29900, 'month', 30), (102, 'Год', 240000, 'year', 365), (103, 'Навсегда', 990000, 'lifetime', 36500)`);
    // Moscow is UTC+3: 20:59 UTC on 2 May is still 2 May in Moscow (previous 30-day period),
    // 21:00 UTC is 00:00 on 3 May, the first day of the current one.
    await exec(`INSERT INTO users (id, email, role, created_at) VALUES
      (1001, 'late@p.test', 'user', '2025-05-02T20:59:00Z'),
      (1002, 'early@p.test', 'user', '2025-05-02T21:00:00Z'),
      (1003, 'today@p.test', 'user', '2025-06-01T06:00:00Z'),
      (1004, 'old@p.test', 'user', '2024-01-01T00:00:00Z')`);
    await exec(`INSERT INTO transactions (user_id, plan_id, amount, status, provider, kind, created_at) VALUES
      (1001, 101, 29900, 'refunded', 'yookassa', 'purchase', '2025-04-20T10:00:00Z'),
      (1001, 101, -29900, 'succeeded', 'yookassa', 'refund', '2025-05-10T10:00:00Z'),
      (1002, 102, 240000, 'succeeded', 'cloudpayments', 'purchase', '2025-05-20T10:00:00Z'),
      (1002, 102, 240000, 'failed', 'cloudpayments', 'purchase', '2025-05-20T09:00:00Z'),
      (1004, 103, 990000, 'succeeded', 'appstore', 'purchase', '2025-06-01T05:00:00Z')`);
    await exec(`INSERT INTO subscriptions (owner, plan_id, status, source, started_at, expires_at) VALUES
      (1002, 102, 'active', 'purchase', '2025-05-20T10:00:00Z', '2026-05-20T10:00:00Z'),
      (1004, 103, 'active', 'purchase', '2025-06-01T05:00:00Z', NULL),
      (1001, 101, 'active', 'promo', '2025-04-05T10:00:00Z', '2025-05-01T10:00:00Z'),
      (1003, 101, 'canceled', 'purchase', '2025-06-01T06:00:00Z', '2025-07-01T06:00:00Z')`);
    await t.app.dashboardRollups.runOnce();
  });

  it('counts a registration on the Moscow day it happened', async () => {
    const data = await t.data(30);
    expect(data.users.new).toEqual({ current: 2, previous: 1 });
    expect(data.users.total).toEqual({ current: 4, previous: 2 });
    expect(data.daily.find((d) => d.day === '2025-05-03')?.registrations).toBe(1);
    expect(data.daily.find((d) => d.day === '2025-06-01')?.registrations).toBe(1);
  });

  it('takes a refund off the period it happens in, and keeps the refunded payment in its own', async () => {
    const data = await t.data(30);
    expect(data.money.revenue).toEqual({ current: -29900 + 240000 + 990000, previous: 29900 });
  });

  it('keeps lifetime plans out of MRR and shows them apart; a canceled subscription is not active', async () => {
    const data = await t.data(30);
    expect(data.subscriptions.active).toEqual({ current: 2, previous: 0 });
    expect(data.money.mrr).toEqual({ current: 20000, previous: 0 });
    expect(data.money.arppu.current).toBe(20000);
    expect(data.money.lifetime).toEqual({ current: 1, previous: 0 });
    expect(data.subscriptions.bySource).toEqual({ purchase: 2, promo: 0, admin: 0 });
    expect(data.subscriptions.new).toEqual({ current: 3, previous: 1 });
    // The promo month ended on 1 May (previous period) and nothing followed it.
    expect(data.subscriptions.churned).toEqual({ current: 0, previous: 1 });
  });

  it('counts active users from the sightings the triggers keep, in the same transaction', async () => {
    await exec(`UPDATE users SET last_seen_at = '2025-05-20T10:00:00Z' WHERE id IN (1001, 1002)`);
    await exec(`UPDATE users SET last_seen_at = '2025-06-01T08:00:00Z' WHERE id = 1002`);
    await exec(`UPDATE users SET last_seen_at = '2025-04-20T08:00:00Z' WHERE id = 1004`);
    expect((await t.data(30)).users.active.current).toBe(2);
    expect((await t.data(7)).users.active.current).toBe(1);
  });

  it('sees a back-dated write after the job runs, and the check finds no drift', async () => {
    await exec(`INSERT INTO transactions (user_id, plan_id, amount, status, provider, kind, created_at)
      VALUES (1002, 101, 29900, 'succeeded', 'yookassa', 'renewal', '2025-05-25T10:00:00Z')`);
    await t.app.dashboardRollups.runOnce();
    expect((await t.data(30)).money.revenue.current).toBe(-29900 + 240000 + 990000 + 29900);
    const check = await t.database.db.transaction((tx) => checkRollups(tx, t.clock.now(), { repair: false }));
    // The daily rollups took it; the cohort grid is rebuilt on its own schedule (0046) and, until then, the
    // check reports the back-dated payment's cohort (cohorts-seeded.test.ts tests that part).
    expect(check.differences.filter((d) => !d.metric.startsWith('cohort:'))).toEqual([]);
    expect(check.differences.filter((d) => d.metric.startsWith('cohort:')).length).toBeGreaterThan(0);
  });

  it('finds a drifted rollup and repairs it from the raw rows', async () => {
    await exec(`UPDATE dashboard_daily SET value = value + 5 WHERE metric = 'registrations' AND day = '2025-05-03'`);
    await exec(`INSERT INTO dashboard_daily (metric, day, dim, value) VALUES ('revenue', '2025-05-04', '', 777)`);
    await exec(`INSERT INTO dashboard_last_seen (day, shard, users) VALUES ('2025-05-05', 3, 2)`);
    const found = await t.database.db.transaction((tx) => checkRollups(tx, t.clock.now(), { repair: true }));
    expect(found.differences.filter((d) => !d.metric.startsWith('cohort:'))).toEqual([
      { metric: 'registrations', day: '2025-05-03', dim: '', stored: 6, actual: 1 },
      { metric: 'revenue', day: '2025-05-04', dim: '', stored: 777, actual: 0 },
      { metric: 'last_seen', day: '2025-05-05', dim: '', stored: 2, actual: 0 },
    ]);
    expect(found.repairedDays).toBe(2);
    const again = await t.database.db.transaction((tx) => checkRollups(tx, t.clock.now(), { repair: false }));
    expect(again.differences).toEqual([]);
  });
});

describe('push figures', () => {
  it('sum the counters of the notifications scheduled in each period, by Moscow day', async () => {
    // Today is 2025-06-01 in Moscow (UTC+3); the 30-day period starts 2025-05-03, the previous one 2025-04-03.
    const reminder = (scheduledAt: string, sent: number, failed: number, opened: number, status = 'sent') =>
      exec(`INSERT INTO reminders (title, body, type, scheduled_at, status, sent, failed, opened)
            VALUES ('Напоминание', 'Текст', 'all', '${scheduledAt}', '${status}', ${sent}, ${failed}, ${opened})`);
    await reminder('2025-06-01T07:00:00Z', 5, 1, 2); // today, 10:00 in Moscow
    await reminder('2025-05-02T21:30:00Z', 3, 0, 0, 'canceled'); // 00:30 on the period's first day
    await reminder('2025-05-02T20:30:00Z', 7, 2, 4); // 23:30 the day before: the previous period
    await reminder('2025-04-02T09:00:00Z', 100, 100, 100); // before the previous period
    await reminder('2025-06-01T21:30:00Z', 0, 0, 0, 'scheduled'); // tomorrow in Moscow
    const data = await t.data(30);
    expect(data.push).toEqual({
      sent: { current: 8, previous: 7 },
      failed: { current: 1, previous: 2 },
      opened: { current: 2, previous: 4 },
    });
    // A week starts 2025-05-26 and the one before 2025-05-19: only today's notification is in either.
    expect((await t.data(7)).push.sent).toEqual({ current: 5, previous: 0 });
  });
});
