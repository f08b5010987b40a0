import {
  type AnalyticsPolicies,
  type DashboardData,
  type PeopleFigure,
  type PeoplePage,
  peopleFigures,
} from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/modules/dashboard/moscow-day';
import { seedDatabase } from '../../src/seed/seed-database';
import { openTestDatabase, testDbKind } from '../helpers/test-database';
import { type DashboardTest, dashboardApp, NOW } from './dashboard-fixture';
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
    seed: 11,
    now: NOW,
    staffPassword: 'demo-password',
    progressStream: quiet,
  });
  t = await dashboardApp(database);
  // Activations and refusals the seed does not make, today and before (as dashboard-seeded.test.ts).
  await t.rows(`UPDATE promo_codes SET status = 'activated', activated_by = u.id,
      activated_at = TIMESTAMPTZ '2025-06-01T08:00:00Z' - (c.id % 70) * INTERVAL '1 day'
    FROM (SELECT id FROM promo_codes WHERE status = 'new' ORDER BY id LIMIT 120) pick,
      promo_codes c, (SELECT min(id) AS id FROM users WHERE role = 'user') u
    WHERE c.id = pick.id AND promo_codes.id = c.id`);
  // The counters the redemption function keeps beside each activation (the funnel's «activated»).
  await t.rows(`DELETE FROM promo_series_counters`);
  await t.rows(`INSERT INTO promo_series_counters (series_id, shard, activated, blocked)
    SELECT series_id, 0, count(*) FILTER (WHERE activated_at IS NOT NULL), count(*) FILTER (WHERE status = 'blocked')
    FROM promo_codes GROUP BY series_id`);
  await t.rows(`INSERT INTO promo_activation_refusals (user_id, reason, at)
    SELECT (SELECT min(id) FROM users WHERE role = 'user'), (ARRAY['CODE_NOT_FOUND', 'CODE_USED'])[1 + g % 2],
      TIMESTAMPTZ '2025-06-01T08:30:00Z' - g * INTERVAL '13 hours' FROM generate_series(0, 150) g`);
  await t.rows(`UPDATE users SET last_seen_at = created_at + INTERVAL '2 days' WHERE role = 'user'`);
  await t.app.dashboardRollups.runOnce();
  await t.app.dashboardRollups.runOnce();
  // Rows written after the job stored today's figures: the dashboard counts them live, so must the lists.
  await t.rows(`INSERT INTO users (email, role, status, created_at, last_seen_at)
    VALUES ('people-late@pult.test', 'user', 'active', TIMESTAMPTZ '2025-06-01T09:00:00Z', TIMESTAMPTZ '2025-06-01T09:00:00Z')`);
}, 120_000);
afterAll(() => t.close());

const get = (url: string, token = t.token) => t.app.inject({ url, headers: { 'api-token': token } });

/** The dashboard's number for a figure: this period's, or the previous one's. */
function figureOf(data: DashboardData, figure: PeopleFigure, span: 'current' | 'previous'): number | null {
  // The promo funnel's per-series figures are checked series by series below.
  if (figure === 'promoActivated' || figure === 'promoRetained') return null;
  const pick = {
    usersTotal: data.users.total,
    usersNew: data.users.new,
    usersActive: data.users.active,
    subscriptionsActive: data.subscriptions.active,
    subscriptionsNew: data.subscriptions.new,
    subscriptionsChurned: data.subscriptions.churned,
    lifetime: data.money.lifetime,
    revenue: data.money.revenue,
    promoActivations: data.promo.activations,
    promoRefused: data.promo.refused,
    pushSent: data.push.sent,
    pushFailed: data.push.failed,
    pushOpened: data.push.opened,
  }[figure];
  return pick[span];
}

/** Every row of a list, page by page (`more`: narrowing parameters, `&seriesId=…`). */
async function all(figure: PeopleFigure, from: string, to: string, more = '') {
  const items: PeoplePage['items'] = [];
  let first: PeoplePage | undefined;
  for (let page = 1; page < 100; page++) {
    const response = await get(
      `/api/analytics/people?figure=${figure}&from=${from}&to=${to}&take=100&page=${page}${more}`,
    );
    expect(response.statusCode, `${figure} ${response.body}`).toBe(200);
    const body = response.json() as PeoplePage;
    first ??= body;
    items.push(...body.items);
    if (body.items.length < 100) break;
  }
  return { items, count: first?.count ?? 0, total: first?.total ?? null };
}

/**
 * Every pair of values is met at least once (pairwise): each of the four policy combinations, each refund
 * policy with each period and each grant policy with each period, in six cases instead of all twelve (each
 * walks every figure's list page by page: 5-13 s apiece of `npm test` on PGlite).
 */
const policy = (i: number) => everyPolicy[i] as AnalyticsPolicies;
const CASES: { period: 7 | 30 | 90; policies: AnalyticsPolicies }[] = [
  { period: 7, policies: policy(0) },
  { period: 7, policies: policy(3) },
  { period: 30, policies: policy(1) },
  { period: 30, policies: policy(2) },
  { period: 90, policies: policy(0) },
  { period: 90, policies: policy(3) },
];

describe(`the people behind each dashboard figure (${testDbKind})`, () => {
  for (const { policies, period } of CASES)
    it(`${policyName(policies)}, period ${period}: each list holds exactly the rows its figure counts, this period and the previous`, async () => {
      await choosePolicies(t, policies);
      const data = await t.data(period);
      expect(data.policies).toEqual(policies);
      const spans = [
        { span: 'current' as const, from: data.from, to: data.to },
        { span: 'previous' as const, from: addDays(data.from, -period), to: addDays(data.from, -1) },
      ];
      for (const figure of peopleFigures)
        for (const { span, from, to } of spans) {
          const expected = figureOf(data, figure, span);
          if (expected === null) continue;
          const list = await all(figure, from, to);
          const label = `${figure} ${span} ${from}..${to}`;
          if (figure === 'revenue') {
            expect(list.total, label).toBe(expected);
            expect(
              list.items.reduce((n, item) => n + (item.amount ?? 0), 0),
              label,
            ).toBe(expected);
            expect(list.count, label).toBe(list.items.length);
          } else {
            expect({ count: list.count, rows: list.items.length }, label).toEqual({
              count: expected,
              rows: expected,
            });
            expect(list.total, label).toBeNull();
          }
          // Newest first, no row twice, each with its person.
          const keys = list.items.map((item) => `${item.at}:${item.id}`);
          expect(new Set(keys).size, label).toBe(keys.length);
          const newestFirst = [...list.items].sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);
          expect(newestFirst, label).toEqual(list.items);
          for (const item of list.items) expect(item.email, label).not.toBe('');
        }
    });

  it('counts a registration made after the job stored today, as the dashboard does', async () => {
    await choosePolicies(t, everyPolicy[0] ?? { refunds: 'onRefundDay', promoGrantsAsSubscribers: true });
    const data = await t.data(7);
    const list = await all('usersNew', data.to, data.to);
    expect(list.count).toBe(data.daily.at(-1)?.registrations);
    expect(list.items[0]?.email).toBe('people-late@pult.test');
  });

  it('defaults to the last 30 days and answers a range before any data, or wholly after today, empty', async () => {
    const data = await t.data(30);
    const defaulted = await get('/api/analytics/people?figure=usersNew&take=100');
    const whole = await get(`/api/analytics/people?figure=usersNew&from=${data.from}&to=${data.to}&take=100`);
    expect(defaulted.json()).toEqual(whole.json());
    expect((await get('/api/analytics/people?figure=promoRefused&from=2020-01-01&to=2020-01-31')).json()).toEqual({
      items: [],
      count: 0,
      countIsEstimate: false,
      total: null,
    });
    expect((await get('/api/analytics/people?figure=revenue&from=2030-01-01&to=2030-01-02')).json()).toEqual({
      items: [],
      count: 0,
      countIsEstimate: false,
      total: 0,
    });
  });

  it('refuses bad input with 400 in the error shape', async () => {
    for (const query of [
      '',
      'figure=mrr',
      'figure=usersNew%00',
      'figure=usersNew&from=2025-05-01%00',
      'figure=usersNew&from=2025-13-01',
      'figure=usersNew&from=2025-02-30',
      'figure=usersNew&to=tomorrow',
      'figure=usersNew&from=2025-06-01&to=2025-05-01',
      'figure=usersNew&from=2024-01-01&to=2025-06-01',
      'figure=usersNew&from=2020-01-01',
      'figure=usersNew&take=0',
      'figure=usersNew&take=101',
      'figure=usersNew&page=0',
      'figure[]=usersNew',
      'figure=usersNew&seriesId=1',
      'figure=pushSent&seriesId=1',
      'figure=promoActivations&seriesId=0',
      'figure=promoActivations&seriesId=x',
      'figure=promoActivations&reason=CODE_USED',
      'figure=promoRefused&reason=code_used',
      'figure=promoRefused&reason=CODE_USED%27--',
      `figure=promoRefused&reason=${'A'.repeat(65)}`,
    ]) {
      const response = await get(`/api/analytics/people?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        code: 'VALIDATION_FAILED',
      });
      const csv = await get(`/api/analytics/people/export?${query.replace(/&?(take|page)=[^&]*/g, '')}`);
      if (!/take|page/.test(query)) expect(csv.statusCode, `export ${query}`).toBe(400);
    }
  });

  it('answers staff only: admin and editor, not a planner user, not anonymous', async () => {
    for (const path of ['/api/analytics/people?figure=usersNew', '/api/analytics/people/export?figure=usersNew'])
      expect((await t.app.inject({ url: path })).statusCode, path).toBe(401);
    await t.createUser({ email: 'people-planner@pult.test', role: 'user' });
    await t.createUser({ email: 'people-editor@pult.test', role: 'editor' });
    const user = (await t.signin('people-planner@pult.test')).apiToken;
    const editor = (await t.signin('people-editor@pult.test')).apiToken;
    expect((await get('/api/analytics/people?figure=usersNew', user)).statusCode).toBe(403);
    expect((await get('/api/analytics/people/export?figure=usersNew', user)).statusCode).toBe(403);
    expect((await get('/api/analytics/people?figure=usersNew', editor)).statusCode).toBe(200);
  });

  it('exports a figure as CSV: every row of the list in its order, the header in the language asked', async () => {
    const data = await t.data(90);
    const list = await all('revenue', data.from, data.to);
    const csv = await get(`/api/analytics/people/export?figure=revenue&from=${data.from}&to=${data.to}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('people-revenue-');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Время;ID записи;ID пользователя;E-mail;ID тарифа;Сумма, коп.;ID серии;Причина');
    expect(lines.slice(1)).toEqual(
      list.items.map((i) => [i.at, i.id, i.userId, i.email, i.planId ?? '', i.amount, '', ''].join(';')),
    );
    for (const [lang, first] of [
      ['en', 'Time;Row ID;User ID'],
      ['fr', 'Heure;ID de la ligne'],
      ['ja', '日時;行 ID'],
      ['zh', '时间;记录 ID'],
    ] as const) {
      const answer = await get(`/api/analytics/people/export?figure=promoRefused&lang=${lang}`);
      expect(answer.body.replace(/^\uFEFF/, '').startsWith(first), lang).toBe(true);
    }
    const refusals = await get('/api/analytics/people/export?figure=promoRefused');
    expect(
      refusals.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n').length - 1,
    ).toBe((await t.data(30)).promo.refused.current);
  });

  it("opens the promo funnel's figures per series and the refusals per code, each list its figure's rows", async () => {
    await choosePolicies(t, everyPolicy[0] ?? { refunds: 'onRefundDay', promoGrantsAsSubscribers: true });
    for (const period of [7, 30, 90] as const) {
      const data = await t.data(period);
      expect(data.promo.funnel.length, 'the fixture has series with activations').toBeGreaterThan(0);
      for (const row of data.promo.funnel) {
        const series = `&seriesId=${row.seriesId}`;
        const inPeriod = await all('promoActivations', data.from, data.to, series);
        const ever = await all('promoActivated', data.from, data.to, series);
        const retained = await all('promoRetained', data.from, data.to, series);
        for (const [label, list, expected] of [
          ['in period', inPeriod, row.activatedInPeriod],
          ['activated', ever, row.activated],
          ['retained', retained, row.retained],
        ] as const) {
          const name = `series ${row.seriesId} ${label} (${period} days)`;
          expect({ count: list.count, rows: list.items.length }, name).toEqual({ count: expected, rows: expected });
          for (const item of list.items) expect(item.seriesId, name).toBe(row.seriesId);
          const keys = list.items.map((item) => `${item.at}:${item.id}`);
          expect(new Set(keys).size, name).toBe(keys.length);
        }
        // A user at most once per series among the retained.
        const users = retained.items.map((item) => item.userId);
        expect(new Set(users).size).toBe(users.length);
      }
      for (const { reason, count } of data.promo.refusedByReason) {
        const list = await all('promoRefused', data.from, data.to, `&reason=${reason}`);
        expect({ count: list.count, rows: list.items.length }, reason).toEqual({ count, rows: count });
        for (const item of list.items) expect(item.reason).toBe(reason);
      }
    }
    const data = await t.data(90);
    expect(
      data.promo.funnel.some((row) => row.retained > 0),
      'some series retains someone',
    ).toBe(true);
    // All series together: the snapshot's total, each user once per series.
    const everyone = await all('promoRetained', data.from, data.to);
    const total = await t.rows<{ n: number }>(
      `SELECT value::int AS n FROM dashboard_daily WHERE metric = 'retained' AND dim = ''`,
    );
    expect(everyone.count).toBe(total[0]?.n);
    expect(everyone.items.length).toBe(everyone.count);
  });

  it('opens the push counts: the deliveries of the notifications scheduled in the days', async () => {
    const data = await t.data(90);
    expect(data.push.sent.current, 'the seed sent pushes in the last 90 days').toBeGreaterThan(0);
    const failed = await all('pushFailed', data.from, data.to);
    expect(failed.count).toBe(data.push.failed.current);
    for (const item of failed.items) expect(item.reason).not.toBeNull();
    const csv = await get(`/api/analytics/people/export?figure=pushOpened&from=${data.from}&to=${data.to}&lang=en`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n').length - 1,
    ).toBe(data.push.opened.current);
  });

  it('exports one series of the funnel: the same rows as its list', async () => {
    const data = await t.data(90);
    const row = data.promo.funnel[0];
    if (!row) throw new Error('no series in the funnel');
    const list = await all('promoActivations', data.from, data.to, `&seriesId=${row.seriesId}`);
    const csv = await get(
      `/api/analytics/people/export?figure=promoActivations&from=${data.from}&to=${data.to}&seriesId=${row.seriesId}`,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n')
        .slice(1),
    ).toEqual(list.items.map((i) => [i.at, i.id, i.userId, i.email, '', '', row.seriesId, ''].join(';')));
  });
});
