import { type MrrMovementItem, type MrrMovementKind, mrrMovementKinds } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../helpers/test-database';
import { type DashboardTest, dashboardApp } from './dashboard-fixture';
import { expected, insertHistories } from './mrr-movements-fixture';
import { naiveMrrMovements } from './mrr-movements-naive';

let t: DashboardTest;
beforeAll(async () => {
  t = await dashboardApp();
  await insertHistories(t);
  // The triggers queued the owners; the rollup job folds them in (decision 0038).
  await t.app.dashboardRollups.runOnce();
});
afterAll(() => t.close());

const list = (query: string, token = t.token) =>
  t.app.inject({ url: `/api/analytics/mrr-movements?${query}`, headers: { 'api-token': token } });

async function all(
  kind: MrrMovementKind,
  from: string,
  to: string,
): Promise<{ items: MrrMovementItem[]; count: number }> {
  const response = await list(`kind=${kind}&from=${from}&to=${to}&take=100`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const byDayAndUser = (a: { at: string; userId: number }, b: { at: string; userId: number }) =>
  b.at.localeCompare(a.at) || a.userId - b.userId;

describe(`MRR movements (${testDbKind})`, () => {
  it('the dashboard figures are the hand-worked histories, and the naive walk agrees', async () => {
    const data = await t.data(30);
    const sum = (kind: MrrMovementKind) => expected[kind].reduce((n, item) => n + item.amount, 0);
    const hand = Object.fromEntries(mrrMovementKinds.map((k) => [k, sum(k)]));
    const net = mrrMovementKinds.reduce((n, k) => n + sum(k), 0);
    expect(data.mrrMovements).toEqual({ ...hand, net });
    expect(data.mrrMovements).toEqual((await naiveMrrMovements(t, data.from, data.to)).sums);
  });

  for (const period of [7, 90] as const)
    it(`period ${period}: the figures equal the naive walk`, async () => {
      const data = await t.data(period);
      expect(data.mrrMovements).toEqual((await naiveMrrMovements(t, data.from, data.to)).sums);
    });

  it('every figure lists its people; the amounts sum to the figure and match the naive walk row by row', async () => {
    const data = await t.data(30);
    const walk = await naiveMrrMovements(t, data.from, data.to);
    for (const kind of mrrMovementKinds) {
      const page = await all(kind, data.from, data.to);
      expect(page.count, kind).toBe(page.items.length);
      expect(
        page.items.reduce((n, item) => n + item.amount, 0),
        kind,
      ).toBe(data.mrrMovements[kind]);
      expect(page.items, kind).toEqual(
        expected[kind].map((item) => ({ ...item, email: `mrr${item.userId}@p.test` })).sort(byDayAndUser),
      );
      expect(
        page.items.map((item) => ({ ...item, planId: null })),
        kind,
      ).toEqual((walk.items.get(kind) ?? []).sort(byDayAndUser));
    }
  });

  it('defaults to the last 30 days, pages newest first, and answers an empty range', async () => {
    const data = await t.data(30);
    const whole = await all('churn', data.from, data.to);
    const defaulted = await list('kind=churn&take=100');
    expect(defaulted.json()).toEqual(whole);
    const second = await list(`kind=churn&from=${data.from}&to=${data.to}&take=2&page=2`);
    expect(second.json()).toEqual({ items: whole.items.slice(2, 4), count: whole.count });
    const beyond = await list(`kind=churn&from=${data.from}&to=${data.to}&take=2&page=50`);
    expect(beyond.json()).toEqual({ items: [], count: whole.count });
    expect((await list('kind=new&from=2020-01-01&to=2020-01-31')).json()).toEqual({ items: [], count: 0 });
  });

  it('refuses bad input with 400 in the error shape', async () => {
    for (const query of [
      '',
      'kind=growth',
      'kind=new&from=2025-13-01',
      'kind=new&from=2025-02-30',
      'kind=new&from=1.5.2025',
      'kind=new&to=tomorrow',
      'kind=new&from=2025-06-01&to=2025-05-01',
      'kind=new&from=2024-01-01&to=2025-06-01',
      'kind=new&from=2020-01-01',
      'kind=new&take=0',
      'kind=new&take=101',
      'kind=new&page=0',
      'kind=new&page=abc',
      'kind[]=new',
    ]) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    }
  });

  it('answers staff only: admin and editor, not a planner user, not anonymous', async () => {
    expect((await t.app.inject({ url: '/api/analytics/mrr-movements?kind=new' })).statusCode).toBe(401);
    await t.createUser({ email: 'mrr-planner@pult.test', role: 'user' });
    await t.createUser({ email: 'mrr-editor@pult.test', role: 'editor' });
    const user = (await t.signin('mrr-planner@pult.test')).apiToken;
    const editor = (await t.signin('mrr-editor@pult.test')).apiToken;
    expect((await list('kind=new', user)).statusCode).toBe(403);
    const answer = await list('kind=new&take=100', editor);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().count).toBe(expected.new.length);
  });

  it('exports a figure as CSV: every row of the list, kopecks, the header in the language asked', async () => {
    const data = await t.data(30);
    const whole = await all('churn', data.from, data.to);
    const csv = await t.app.inject({
      url: `/api/analytics/mrr-movements/export?kind=churn&from=${data.from}&to=${data.to}`,
      headers: { 'api-token': t.token },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('День;ID пользователя;E-mail;ID тарифа;Изменение MRR, коп.');
    expect(lines.slice(1)).toEqual(
      whole.items.map((i) => `${i.at};${i.userId};${i.email};${i.planId ?? ''};${i.amount}`),
    );
    const english = await t.app.inject({
      url: '/api/analytics/mrr-movements/export?kind=new&lang=en',
      headers: { 'api-token': t.token },
    });
    expect(english.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Day;User ID;E-mail;Plan ID;MRR change, kopecks');
    // The list's range rules (the contract's one check): a real day, in order, at most 366 days.
    for (const query of [
      'kind=growth',
      'kind=new&from=2025-02-30',
      'kind=new&from=2025-06-01&to=2025-05-01',
      'kind=new&from=2024-01-01&to=2025-06-01',
    ]) {
      const bad = await t.app.inject({
        url: `/api/analytics/mrr-movements/export?${query}`,
        headers: { 'api-token': t.token },
      });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json(), query).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    await t.createUser({ email: 'mrr-csv-planner@pult.test', role: 'user' });
    const user = (await t.signin('mrr-csv-planner@pult.test')).apiToken;
    const refused = await t.app.inject({
      url: '/api/analytics/mrr-movements/export?kind=new',
      headers: { 'api-token': user },
    });
    expect(refused.statusCode).toBe(403);
  });
});
