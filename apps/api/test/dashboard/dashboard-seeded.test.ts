import { type AnalyticsPolicies, type DashboardData, mrrMovementKinds } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRollups } from '../../src/modules/dashboard';
import { seedDatabase } from '../../src/seed/seed-database';
import { openTestDatabase, testDbKind } from '../helpers/test-database';
import { type DashboardTest, dashboardApp, NOW } from './dashboard-fixture';
import { naiveMrrMovements } from './mrr-movements-naive';
import { choosePolicies, everyPolicy, policyName } from './policies-fixture';

const quiet = { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream;
let t: DashboardTest;

beforeAll(async () => {
  const database = await openTestDatabase();
  await seedDatabase(database, {
    users: 400,
    subscriptions: 600,
    transactions: 2000,
    promoCodes: 3000,
    reset: true,
    seed: 7,
    now: NOW,
    staffPassword: 'demo-password',
    progressStream: quiet,
  });
  t = await dashboardApp(database);
  // Activations and refusals the seed does not make: some today, some in the previous period.
  await t.rows(`UPDATE promo_codes SET status = 'activated', activated_by = u.id,
      activated_at = TIMESTAMPTZ '2025-06-01T08:00:00Z' - (c.id % 70) * INTERVAL '1 day'
    FROM (SELECT id FROM promo_codes WHERE status = 'new' ORDER BY id LIMIT 120) pick,
      promo_codes c, (SELECT min(id) AS id FROM users WHERE role = 'user') u
    WHERE c.id = pick.id AND promo_codes.id = c.id`);
  await t.rows(`INSERT INTO promo_activation_refusals (user_id, reason, at)
    SELECT (SELECT min(id) FROM users WHERE role = 'user'), (ARRAY['CODE_NOT_FOUND', 'CODE_USED'])[1 + g % 2],
      TIMESTAMPTZ '2025-06-01T08:30:00Z' - g * INTERVAL '13 hours' FROM generate_series(0, 150) g`);
  await t.rows(`UPDATE users SET last_seen_at = created_at + INTERVAL '2 days' WHERE role = 'user'`);
  // The cohort grid is rebuilt on its own schedule (at most hourly, 0046), and these back-dated activations are
  // older than its build, so dashboard:check would report them: the next run rebuilds it as if never built.
  await t.rows(`DELETE FROM dashboard_freshness WHERE name = 'cohorts'`);
  // About 80 back-dated days: a run recomputes at most 62, the next one the rest.
  await t.app.dashboardRollups.runOnce();
  await t.app.dashboardRollups.runOnce();
}, 120_000);
afterAll(() => t.close());

/** The raw-row definition of each figure, written again here independently of the rollup SQL. */
const moscowStart = (day: string) => `(DATE '${day}'::timestamp AT TIME ZONE 'Europe/Moscow')`;
const now = `TIMESTAMPTZ '${NOW.toISOString()}'`;

/**
 * The counting policies (decision 0049), written again here: which subscriptions are subscribers, and
 * which transactions are revenue.
 */
const subscriberSql = (p: AnalyticsPolicies, alias: string) =>
  p.promoGrantsAsSubscribers ? 'true' : `${alias}.source <> 'promo'`;
const revenueSql = (p: AnalyticsPolicies) =>
  p.refunds === 'rewriteClosedDays'
    ? `kind IN ('purchase', 'renewal') AND status = 'succeeded'`
    : `((kind IN ('purchase', 'renewal') AND status IN ('succeeded', 'refunded')) OR (kind = 'refund' AND status = 'succeeded'))`;
const churnedSql = (p: AnalyticsPolicies) =>
  `${subscriberSql(p, 's')} AND NOT EXISTS (SELECT 1 FROM subscriptions o WHERE o.owner = s.owner AND o.id <> s.id
     AND o.status <> 'canceled' AND ${subscriberSql(p, 'o')}
     AND o.started_at <= s.expires_at AND (o.expires_at IS NULL OR o.expires_at > s.expires_at))`;

async function raw(data: DashboardData, p: AnalyticsPolicies) {
  const from = moscowStart(data.from);
  const days = data.period;
  const prevFrom = `(${from} - INTERVAL '${days} days')`;
  const one = async (text: string) => Number((await t.rows<{ n: number }>(`SELECT (${text})::float8 AS n`))[0]?.n ?? 0);
  const activeAt = (at: string, extra = 'true') =>
    `SELECT count(*) FROM subscriptions s WHERE s.status <> 'canceled' AND s.started_at < ${at}
       AND (s.expires_at IS NULL OR s.expires_at >= ${at}) AND ${extra}`;
  const activeNow = (extra = 'true') =>
    `SELECT count(*) FROM subscriptions s WHERE s.status <> 'canceled' AND s.started_at <= ${now}
       AND (s.expires_at IS NULL OR s.expires_at > ${now}) AND ${extra}`;
  const revenue = (lo: string, hi: string) =>
    `SELECT coalesce(sum(amount), 0) FROM transactions WHERE created_at >= ${lo} AND created_at < ${hi}
       AND ${revenueSql(p)}`;
  const churned = (lo: string, hi: string) =>
    `SELECT count(*) FROM subscriptions s WHERE s.expires_at >= ${lo} AND s.expires_at < ${hi} AND ${churnedSql(p)}`;
  const subscriber = subscriberSql(p, 's');
  const mrr = (activeSql: (extra: string) => string) =>
    `SELECT coalesce(round(sum(CASE p.period WHEN 'year' THEN p.price / 12.0 ELSE p.price END)), 0)
       FROM subscription_plans p, LATERAL (${activeSql(`s.plan_id = p.id AND s.source = 'purchase'`)}) a(n),
       generate_series(1, a.n) WHERE p.period <> 'lifetime'`;
  const end = `${now} + INTERVAL '1 millisecond'`;
  const activeStart = await one(activeAt(from, subscriber));
  const activePrevStart = await one(activeAt(prevFrom, subscriber));
  const churnedNow = await one(churned(from, end));
  const churnedBefore = await one(churned(prevFrom, from));
  return {
    usersTotal: [
      await one(`SELECT count(*) FROM users WHERE role = 'user' AND created_at <= ${now}`),
      await one(`SELECT count(*) FROM users WHERE role = 'user' AND created_at < ${from}`),
    ],
    usersNew: [
      await one(`SELECT count(*) FROM users WHERE role = 'user' AND created_at >= ${from} AND created_at <= ${now}`),
      await one(
        `SELECT count(*) FROM users WHERE role = 'user' AND created_at >= ${prevFrom} AND created_at < ${from}`,
      ),
    ],
    usersActive: await one(`SELECT count(*) FROM users WHERE role = 'user' AND last_seen_at >= ${from}`),
    active: [await one(activeNow(subscriber)), activeStart],
    promoActive: await one(activeNow(`s.source = 'promo'`)),
    newSubs: [
      await one(
        `SELECT count(*) FROM subscriptions s WHERE started_at >= ${from} AND started_at <= ${now} AND ${subscriber}`,
      ),
      await one(
        `SELECT count(*) FROM subscriptions s WHERE started_at >= ${prevFrom} AND started_at < ${from} AND ${subscriber}`,
      ),
    ],
    churned: [churnedNow, churnedBefore],
    churnRate: [
      activeStart ? Math.round((churnedNow / activeStart) * 1e4) / 1e4 : 0,
      activePrevStart ? Math.round((churnedBefore / activePrevStart) * 1e4) / 1e4 : 0,
    ],
    revenue: [await one(revenue(from, end)), await one(revenue(prevFrom, from))],
    mrr: [await one(mrr(activeNow)), await one(mrr((extra) => activeAt(from, extra)))],
    lifetime: await one(
      activeNow(`s.source = 'purchase' AND s.plan_id IN (SELECT id FROM subscription_plans WHERE period = 'lifetime')`),
    ),
    activations: [
      await one(`SELECT count(*) FROM promo_codes WHERE activated_at >= ${from} AND activated_at <= ${now}`),
      await one(`SELECT count(*) FROM promo_codes WHERE activated_at >= ${prevFrom} AND activated_at < ${from}`),
    ],
    refused: [
      await one(`SELECT count(*) FROM promo_activation_refusals WHERE at >= ${from} AND at <= ${now}`),
      await one(`SELECT count(*) FROM promo_activation_refusals WHERE at >= ${prevFrom} AND at < ${from}`),
    ],
    dailyRegistrations: await t.rows<{ day: string; n: number }>(
      `SELECT to_char((created_at AT TIME ZONE 'Europe/Moscow')::date, 'YYYY-MM-DD') AS day, count(*)::int AS n
       FROM users WHERE role = 'user' AND created_at >= ${from} GROUP BY 1`,
    ),
    dailyRevenue: await t.rows<{ day: string; n: number }>(
      `SELECT to_char((created_at AT TIME ZONE 'Europe/Moscow')::date, 'YYYY-MM-DD') AS day, sum(amount)::float8 AS n
       FROM transactions WHERE created_at >= ${from} AND ${revenueSql(p)} GROUP BY 1`,
    ),
  };
}

/** Every past day's stored revenue and churn under the policy, against the raw rows counted per day. */
async function dayByDay(p: AnalyticsPolicies) {
  const dims = {
    revenue: p.refunds === 'rewriteClosedDays' ? 'rewriteClosedDays' : '',
    churned: p.promoGrantsAsSubscribers ? '' : 'withoutPromo',
  };
  const today = `(DATE '2025-06-01'::timestamp AT TIME ZONE 'Europe/Moscow')`;
  const day = (column: string) => `to_char((${column} AT TIME ZONE 'Europe/Moscow')::date, 'YYYY-MM-DD')`;
  const naive = await t.rows<{ line: string }>(
    `SELECT 'revenue ' || ${day('created_at')} || ' ' || sum(amount) AS line FROM transactions
       WHERE created_at < ${today} AND ${revenueSql(p)} GROUP BY ${day('created_at')} HAVING sum(amount) <> 0
     UNION ALL
     SELECT 'churned ' || ${day('s.expires_at')} || ' ' || count(*) FROM subscriptions s
       WHERE s.expires_at < ${today} AND ${churnedSql(p)} GROUP BY ${day('s.expires_at')}`,
  );
  const stored = await t.rows<{ line: string }>(
    `SELECT metric || ' ' || to_char(day, 'YYYY-MM-DD') || ' ' || value AS line FROM dashboard_daily
     WHERE day < DATE '2025-06-01' AND ((metric = 'revenue' AND dim = '${dims.revenue}')
       OR (metric = 'churned' AND dim = '${dims.churned}'))`,
  );
  return { naive: naive.map((r) => r.line).sort(), stored: stored.map((r) => r.line).sort() };
}

describe.each(everyPolicy)(
  `every dashboard figure equals its definition over the raw rows, $refunds, promo grants subscribers: $promoGrantsAsSubscribers (${testDbKind})`,
  (policies) => {
    beforeAll(() => choosePolicies(t, policies));

    it('answers with the policies in force', async () => {
      expect((await t.data(7)).policies).toEqual(policies);
    });

    it('stores every past day’s revenue and churn as the raw rows count them', async () => {
      const { naive, stored } = await dayByDay(policies);
      expect(naive.length, policyName(policies)).toBeGreaterThan(100);
      expect(stored).toEqual(naive);
    });

    for (const period of [7, 30, 90]) {
      it(`period ${period}`, async () => {
        const data = await t.data(period);
        const r = await raw(data, policies);
        expect(data.users.total).toEqual({ current: r.usersTotal[0], previous: r.usersTotal[1] });
        expect(data.users.new).toEqual({ current: r.usersNew[0], previous: r.usersNew[1] });
        expect(data.users.active).toEqual({ current: r.usersActive, previous: null });
        expect(data.subscriptions.active).toEqual({ current: r.active[0], previous: r.active[1] });
        expect(data.subscriptions.bySource.promo).toBe(r.promoActive);
        expect(data.subscriptions.byPlan.reduce((n, p) => n + p.count, 0)).toBe(r.active[0]);
        expect(data.subscriptions.new).toEqual({ current: r.newSubs[0], previous: r.newSubs[1] });
        expect(data.subscriptions.churned).toEqual({ current: r.churned[0], previous: r.churned[1] });
        expect(data.subscriptions.churnRate).toEqual({ current: r.churnRate[0], previous: r.churnRate[1] });
        expect(data.money.revenue).toEqual({ current: r.revenue[0], previous: r.revenue[1] });
        expect(data.money.mrr).toEqual({ current: r.mrr[0], previous: r.mrr[1] });
        expect(data.money.lifetime.current).toBe(r.lifetime);
        expect(data.promo.activations).toEqual({ current: r.activations[0], previous: r.activations[1] });
        expect(data.promo.refused).toEqual({ current: r.refused[0], previous: r.refused[1] });
        // MRR movements (decision 0038) from the rollup, against the day-by-day walk over the raw rows.
        const walk = await naiveMrrMovements(t, '2000-01-01', data.to);
        expect(data.mrrMovements).toEqual((await naiveMrrMovements(t, data.from, data.to)).sums);
        expect(data.mrrOpening).toBe(
          [...walk.items.values()].flat().reduce((n, item) => (item.at < data.from ? n + item.amount : n), 0),
        );
        for (const point of data.daily) {
          expect(point.registrations, point.day).toBe(r.dailyRegistrations.find((d) => d.day === point.day)?.n ?? 0);
          expect(point.revenue, point.day).toBe(r.dailyRevenue.find((d) => d.day === point.day)?.n ?? 0);
        }
        // The figures are not all zero: the seed gave the test something to count.
        expect((r.revenue[0] ?? 0) + (r.usersTotal[0] ?? 0) + (r.active[0] ?? 0)).toBeGreaterThan(0);
      });
    }
  },
);

describe(`the seeded rollups (${testDbKind})`, () => {
  it('each policy changes the figures it names, and no other', async () => {
    const answers: DashboardData[] = [];
    for (const policies of everyPolicy) {
      await choosePolicies(t, policies);
      answers.push(await t.data(90));
    }
    const [base, rewritten, withoutPromo, both] = answers as [
      DashboardData,
      DashboardData,
      DashboardData,
      DashboardData,
    ];
    const subscriptionFigures = (d: DashboardData) => ({ ...d.subscriptions, bySource: null });
    const unchanged = (d: DashboardData) => ({
      ...d,
      policies: null,
      money: { ...d.money, revenue: null },
      daily: d.daily.map((point) => ({ ...point, revenue: null })),
      subscriptions: { bySource: d.subscriptions.bySource },
    });
    expect(rewritten.money.revenue).not.toEqual(base.money.revenue);
    expect(subscriptionFigures(rewritten)).toEqual(subscriptionFigures(base));
    expect(withoutPromo.money.revenue).toEqual(base.money.revenue);
    for (const figure of ['active', 'new', 'churned', 'churnRate'] as const)
      expect(withoutPromo.subscriptions[figure], figure).not.toEqual(base.subscriptions[figure]);
    expect(both.money.revenue).toEqual(rewritten.money.revenue);
    expect(subscriptionFigures(both)).toEqual(subscriptionFigures(withoutPromo));
    // MRR, ARPPU, lifetime, the movements, users, promo, push, the split by source: the same under all four.
    for (const answer of answers) expect(unchanged(answer)).toEqual(unchanged(base));
  });

  it('the MRR movement rollup equals the naive walk customer by customer, day by day', async () => {
    const walk = await naiveMrrMovements(t, '2000-01-01', '2030-01-01');
    const naive = [...walk.items].flatMap(([kind, items]) =>
      items.map((item) => `${item.at} ${item.userId} ${kind} ${item.amount}`),
    );
    const stored = await t.rows<{ line: string }>(
      `SELECT to_char(day, 'YYYY-MM-DD') || ' ' || user_id || ' ' || kind || ' ' || amount AS line FROM mrr_movements`,
    );
    expect(stored.map((row) => row.line).sort()).toEqual(naive.sort());
    // The seed's history moves MRR every way there is.
    for (const kind of mrrMovementKinds) expect(walk.sums[kind], kind).not.toBe(0);
  });

  it('the seed filled the rollups: nothing drifts, and the funnel snapshot exists', async () => {
    const check = await t.database.db.transaction((tx) => checkRollups(tx, t.clock.now(), { repair: false }));
    expect(check.differences).toEqual([]);
    const data = await t.data(90);
    expect(data.promo.funnel.length).toBeGreaterThan(0);
    expect(data.promo.funnel[0]?.activatedInPeriod).toBeGreaterThan(0);
  });
});
