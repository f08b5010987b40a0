import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionPlans, subscriptions, transactions } from '../../src/db/schema';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let token = '';
const ids: Record<string, number> = {};
const plan: Record<string, number> = {};
const DAY = 24 * 3600_000;

beforeAll(async () => {
  t = await buildTestApp();
  await t.createUser({ email: 'editor@pult.test', role: 'editor' });
  token = (await t.signin('editor@pult.test')).apiToken;
  for (const name of ['anna', 'boris', 'vera', 'gleb']) ids[name] = await t.createUser({ email: `${name}@mail.ru` });
  const plans = await t.database.db
    .insert(subscriptionPlans)
    .values([
      { title: 'Годовая подписка', price: 199000, period: 'year', durationDays: 365 },
      { title: 'Месяц', price: 29900, period: 'month', durationDays: 30 },
    ])
    .returning();
  plan.year = plans[0]?.id ?? 0;
  plan.month = plans[1]?.id ?? 0;
  const now = t.clock.now().getTime();
  const at = (days: number) => new Date(now + days * DAY);
  await t.database.db.insert(subscriptions).values([
    {
      owner: ids.anna ?? 0,
      planId: plan.year ?? 0,
      status: 'active',
      source: 'purchase',
      startedAt: at(-10),
      expiresAt: at(355),
      createdAt: at(-10),
    },
    {
      owner: ids.boris ?? 0,
      planId: plan.month ?? 0,
      status: 'active',
      source: 'promo',
      startedAt: at(-40),
      expiresAt: at(-10),
      createdAt: at(-40),
    },
    {
      owner: ids.vera ?? 0,
      planId: plan.month ?? 0,
      status: 'canceled',
      source: 'purchase',
      startedAt: at(-5),
      expiresAt: at(25),
      createdAt: at(-5),
    },
    {
      owner: ids.anna ?? 0,
      planId: plan.month ?? 0,
      status: 'active',
      source: 'admin',
      startedAt: at(-1),
      expiresAt: at(5),
      createdAt: at(-1),
    },
  ]);
  await t.database.db.insert(transactions).values([
    {
      userId: ids.anna ?? 0,
      planId: plan.year,
      amount: 199000,
      status: 'succeeded',
      provider: 'yookassa',
      kind: 'purchase',
      createdAt: at(-10),
    },
    {
      userId: ids.boris ?? 0,
      planId: plan.month,
      amount: 0,
      status: 'succeeded',
      provider: 'promo',
      kind: 'grant',
      createdAt: at(-40),
    },
    {
      userId: ids.vera ?? 0,
      planId: plan.month,
      amount: 29900,
      status: 'refunded',
      provider: 'cloudpayments',
      kind: 'purchase',
      createdAt: at(-5),
    },
    {
      userId: ids.vera ?? 0,
      planId: plan.month,
      amount: -29900,
      status: 'succeeded',
      provider: 'cloudpayments',
      kind: 'refund',
      createdAt: at(-4),
    },
    {
      userId: ids.gleb ?? 0,
      planId: plan.year,
      amount: 199000,
      status: 'failed',
      provider: 'appstore',
      kind: 'renewal',
      createdAt: at(-2),
    },
  ]);
});
afterAll(() => t.close());

const get = (url: string, query: Record<string, string> = {}) =>
  t.app.inject({ url, query, headers: { 'api-token': token } });

describe('GET /subscriptions', () => {
  it('lists newest first with relatedUsers holding exactly the page’s owners', async () => {
    const response = await get('/api/subscriptions', { take: '2', page: '1' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.count).toBe(4);
    expect(body.items.map((s: { owner: number }) => s.owner)).toEqual([ids.anna, ids.vera]);
    expect(body.additionalInfo.relatedUsers.map((u: { id: number }) => u.id).sort()).toEqual(
      [ids.anna, ids.vera].sort(),
    );
    const second = (await get('/api/subscriptions', { take: '2', page: '2' })).json();
    expect(second.additionalInfo.relatedUsers.map((u: { email: string }) => u.email).sort()).toEqual([
      'anna@mail.ru',
      'boris@mail.ru',
    ]);
    expect(JSON.stringify(body)).not.toMatch(/password/i);
    // An owner with two subscriptions on the page is listed once, in the order owners first appear.
    const all = (await get('/api/subscriptions', { take: '4', page: '1' })).json();
    const firstSeen = [...new Set(all.items.map((s: { owner: number }) => s.owner))];
    expect(all.items).toHaveLength(4);
    expect(firstSeen).toHaveLength(3);
    expect(all.additionalInfo.relatedUsers.map((u: { id: number }) => u.id)).toEqual(firstSeen);
  });

  it('pages one owner’s subscriptions with an exact count, past the last page too', async () => {
    const pageOf = async (page: number) =>
      (await get('/api/subscriptions', { owner: String(ids.anna), take: '1', page: String(page) })).json();
    const [first, second, beyond] = [await pageOf(1), await pageOf(2), await pageOf(3)];
    expect([first.count, second.count, beyond.count]).toEqual([2, 2, 2]);
    expect([first.countIsEstimate, beyond.countIsEstimate]).toEqual([false, false]);
    expect(first.items.map((s: { planTitle: string }) => s.planTitle)).toEqual(['Месяц']);
    expect(second.items.map((s: { planTitle: string }) => s.planTitle)).toEqual(['Годовая подписка']);
    expect(beyond.items).toEqual([]);
    expect(beyond.additionalInfo.relatedUsers).toEqual([]);
    // The owner's register is the subscription that ends last, whichever page is shown.
    expect(first.additionalInfo.relatedUsers).toEqual([
      expect.objectContaining({ id: ids.anna, register: expect.objectContaining({ planTitle: 'Годовая подписка' }) }),
    ]);
    const none = (await get('/api/subscriptions', { owner: String(ids.gleb) })).json();
    expect([none.count, none.items, none.additionalInfo.relatedUsers]).toEqual([0, [], []]);
    expect((await get(`/api/users/${ids.gleb}`)).json().register).toBeNull();
  });

  it('reads a lapsed subscription as expired, without any job', async () => {
    const boris = (await get('/api/subscriptions', { owner: String(ids.boris) })).json().items;
    expect(boris).toEqual([expect.objectContaining({ status: 'expired', planTitle: 'Месяц' })]);
  });

  it.each([
    [{ status: 'active' }, ['anna', 'anna']],
    [{ status: 'expired' }, ['boris']],
    [{ status: 'canceled' }, ['vera']],
    [{ status: 'expired,canceled' }, ['vera', 'boris']],
    [{ source: 'promo' }, ['boris']],
    [{ planId: 'year' }, ['anna']],
    [{ owner: 'vera' }, ['vera']],
    [{ expiresTo: 'in 30 days' }, ['anna', 'vera', 'boris']],
  ])('filters by %j', async (filter, owners) => {
    const query: Record<string, string> = {};
    for (const [key, value] of Object.entries(filter)) {
      if (key === 'planId') query[key] = String(plan[value] ?? 0);
      else if (key === 'owner') query[key] = String(ids[value] ?? 0);
      else if (key === 'expiresTo') query[key] = new Date(t.clock.now().getTime() + 30 * DAY).toISOString();
      else query[key] = value;
    }
    const items = (await get('/api/subscriptions', query)).json().items as Array<{ owner: number }>;
    const byId = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
    expect(items.map((s) => byId[s.owner])).toEqual(owners);
  });

  it('refuses bad filters with 400', async () => {
    const bad: Record<string, string>[] = [
      { status: 'paused' },
      { planId: 'x' },
      { expiresTo: 'tomorrow' },
      { take: '500' },
    ];
    for (const query of bad) {
      expect((await get('/api/subscriptions', query)).statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});

describe('GET /transactions', () => {
  const list = async (query: Record<string, string>) => {
    const response = await get('/api/transactions', query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const emailsOf = (body: { items: Array<{ userEmail: string }> }) => body.items.map((x) => x.userEmail);

  it('lists newest first with the user’s e-mail', async () => {
    const body = await list({});
    expect(body.count).toBe(5);
    expect(emailsOf(body)).toEqual(['gleb@mail.ru', 'vera@mail.ru', 'vera@mail.ru', 'anna@mail.ru', 'boris@mail.ru']);
    expect(body.items[0]).toMatchObject({
      amount: 199000,
      currency: 'RUB',
      status: 'failed',
      provider: 'appstore',
      kind: 'renewal',
    });
  });

  it.each([
    [{ status: 'succeeded' }, ['vera@mail.ru', 'anna@mail.ru', 'boris@mail.ru']],
    [{ status: 'failed,refunded' }, ['gleb@mail.ru', 'vera@mail.ru']],
    [{ provider: 'promo' }, ['boris@mail.ru']],
    [{ kind: 'refund' }, ['vera@mail.ru']],
    [{ amountFrom: '1', amountTo: '100000' }, ['vera@mail.ru']],
    [{ amountFrom: '199000' }, ['gleb@mail.ru', 'anna@mail.ru']],
  ])('filters by %j', async (query, expected) => {
    expect(emailsOf(await list(query))).toEqual(expected);
  });

  it('filters by user and by period', async () => {
    expect(emailsOf(await list({ userId: String(ids.vera) }))).toEqual(['vera@mail.ru', 'vera@mail.ru']);
    const now = t.clock.now().getTime();
    const from = new Date(now - 6 * DAY).toISOString();
    const to = new Date(now - 3 * DAY).toISOString();
    expect(emailsOf(await list({ from, to }))).toEqual(['vera@mail.ru', 'vera@mail.ru']);
  });

  it('sums the filtered set exactly', async () => {
    expect((await get('/api/transactions/summary', { status: 'succeeded' })).json()).toEqual({
      count: 3,
      sum: 199000 - 29900,
    });
    expect((await get('/api/transactions/summary', { provider: 'appstore' })).json()).toEqual({
      count: 1,
      sum: 199000,
    });
  });

  it('refuses bad filters with 400', async () => {
    const bad: Record<string, string>[] = [
      { status: 'ok' },
      { provider: 'paypal' },
      { amountFrom: '10', amountTo: '5' },
      { from: 'yesterday' },
      { userId: '0' },
    ];
    for (const query of bad) {
      expect((await get('/api/transactions', query)).statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it('is for staff only', async () => {
    expect((await t.app.inject({ url: '/api/transactions' })).statusCode).toBe(401);
  });
});

describe('sorting and the user filter (issue 29, item 19)', () => {
  const byId = () => Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
  const owners = async (query: Record<string, string>) => {
    const response = await get('/api/subscriptions', query);
    expect(response.statusCode, response.body).toBe(200);
    const names = byId();
    return (response.json().items as Array<{ owner: number }>).map((s) => names[s.owner]);
  };
  const payers = async (query: Record<string, string>) => {
    const response = await get('/api/transactions', query);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().items as Array<{ userEmail: string; amount: number }>).map((x) => x.userEmail);
  };

  it('sorts subscriptions by creation or by expiry, either way, on the server', async () => {
    expect(await owners({ sort: 'createdAt:desc' })).toEqual(['anna', 'vera', 'anna', 'boris']);
    expect(await owners({ sort: 'createdAt:asc' })).toEqual(['boris', 'anna', 'vera', 'anna']);
    expect(await owners({ sort: 'expiresAt:asc' })).toEqual(['boris', 'anna', 'vera', 'anna']);
    expect(await owners({ sort: 'expiresAt:desc', take: '1', page: '1' })).toEqual(['anna']);
    // One owner's subscriptions (the small page) follow the sort too.
    expect(
      (await get('/api/subscriptions', { owner: String(ids.anna), sort: 'expiresAt:asc' }))
        .json()
        .items.map((s: { planTitle: string }) => s.planTitle),
    ).toEqual(['Месяц', 'Годовая подписка']);
  });

  it('sorts transactions by date, oldest first when asked', async () => {
    expect(await payers({ sort: 'createdAt:asc' })).toEqual([
      'boris@mail.ru',
      'anna@mail.ru',
      'vera@mail.ru',
      'vera@mail.ru',
      'gleb@mail.ru',
    ]);
    expect(await payers({ sort: 'createdAt:asc', status: 'succeeded' })).toEqual([
      'boris@mail.ru',
      'anna@mail.ru',
      'vera@mail.ru',
    ]);
  });

  it('refuses a sort that is not allow-listed (no index behind it) with 400', async () => {
    for (const sort of ['amount:desc', 'createdAt', 'createdAt:up', 'passwordHash:asc']) {
      expect((await get('/api/transactions', { sort })).statusCode, sort).toBe(400);
    }
    for (const sort of ['startedAt:asc', 'owner:desc']) {
      expect((await get('/api/subscriptions', { sort })).statusCode, sort).toBe(400);
    }
  });

  it('filters both lists by a part of the user’s e-mail or by the phone as people type it', async () => {
    await t.database.db.execute(sql`update users set phone_number = '+79032859489' where id = ${ids.vera}`);
    expect(await payers({ user: 'VERA@mail' })).toEqual(['vera@mail.ru', 'vera@mail.ru']);
    expect(await payers({ user: '8 903 285-94-89' })).toEqual(['vera@mail.ru', 'vera@mail.ru']);
    expect(await payers({ user: 'mail.ru', status: 'failed' })).toEqual(['gleb@mail.ru']);
    expect(await payers({ user: 'nobody@' })).toEqual([]);
    expect(await owners({ user: 'anna@' })).toEqual(['anna', 'anna']);
    expect(await owners({ user: '+7 903 285' })).toEqual(['vera']);
    expect((await get('/api/transactions/summary', { user: 'vera' })).json()).toEqual({ count: 2, sum: 0 });
    expect((await get('/api/transactions', { user: 'x'.repeat(101) })).statusCode).toBe(400);
  });
});
