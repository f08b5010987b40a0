import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionPlans, subscriptions, users } from '../../src/db/schema';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let token: string;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  t = await buildTestApp();
  await t.createUser({ email: 'admin@pult.test', role: 'admin' });
  token = (await t.signin('admin@pult.test')).apiToken;
  const base = Date.parse('2025-01-01T00:00:00Z');
  const people = [
    ['ivan.petrov@mail.ru', '+79161234567', 'Иван', 'Петров', 'user', 'active'],
    ['maria.ivanova@yandex.ru', '+79031112233', 'Мария', 'Иванова', 'user', 'active'],
    ['oleg_50%@gmail.com', null, 'Олег', 'Смирнов', 'user', 'blocked'],
    ['anna@mail.ru', '+79269998877', 'Анна', 'Кузнецова', 'editor', 'active'],
    ['deleted.ivan@mail.ru', '+79160000000', 'Иван', 'Удалённый', 'user', 'deleted'],
  ] as const;
  for (const [i, [email, phoneNumber, firstName, lastName, role, status]] of people.entries()) {
    await t.database.db.insert(users).values({
      email,
      phoneNumber,
      firstName,
      lastName,
      role,
      status,
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$SECRETHASH',
      createdAt: new Date(base + i * 30 * DAY),
    });
  }
  const [plan] = await t.database.db
    .insert(subscriptionPlans)
    .values({ title: 'Годовая подписка', price: 199000, period: 'year', durationDays: 365 })
    .returning();
  const ids = await t.database.db.select({ id: users.id, email: users.email }).from(users);
  const idOf = (email: string) => ids.find((row) => row.email === email)?.id ?? 0;
  const now = t.clock.now().getTime();
  await t.database.db.insert(subscriptions).values([
    // Maria's subscription is live; Ivan's ran out yesterday, so it must read as expired.
    {
      owner: idOf('maria.ivanova@yandex.ru'),
      planId: plan?.id ?? 0,
      status: 'active',
      source: 'purchase',
      startedAt: new Date(now - 10 * DAY),
      expiresAt: new Date(now + 355 * DAY),
    },
    {
      owner: idOf('ivan.petrov@mail.ru'),
      planId: plan?.id ?? 0,
      status: 'active',
      source: 'promo',
      startedAt: new Date(now - 366 * DAY),
      expiresAt: new Date(now - DAY),
    },
  ]);
});
afterAll(() => t.close());

const list = (query: Record<string, string>) =>
  t.app.inject({ url: '/api/users', query, headers: { 'api-token': token } });
const emails = async (where: object, extra: Record<string, string> = {}) => {
  const response = await list({ where: JSON.stringify(where), take: '100', ...extra });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().items as Array<{ email: string }>).map((u) => u.email).sort();
};

describe('GET /users filters', () => {
  it('e-mail, phone and name match substrings, case-insensitively', async () => {
    expect(await emails({ email: 'IVAN' })).toEqual([
      'deleted.ivan@mail.ru',
      'ivan.petrov@mail.ru',
      'maria.ivanova@yandex.ru',
    ]);
    expect(await emails({ phoneNumber: '916' })).toEqual(['deleted.ivan@mail.ru', 'ivan.petrov@mail.ru']);
    expect(await emails({ name: 'иван петр' })).toEqual(['ivan.petrov@mail.ru']);
    expect(await emails({ name: 'ИВАНОВА' })).toEqual(['maria.ivanova@yandex.ru']);
  });

  it('`any` looks in the e-mail, the phone and the name at once', async () => {
    // Part of an e-mail only, part of a name only, part of a phone only.
    expect(await emails({ any: 'yandex' })).toEqual(['maria.ivanova@yandex.ru']);
    expect(await emails({ any: 'удалённый' })).toEqual(['deleted.ivan@mail.ru']);
    expect(await emails({ any: '+7916' })).toEqual(['deleted.ivan@mail.ru', 'ivan.petrov@mail.ru']);
    // Typed the way people write phones: «8 (916) …» finds the stored «+7916…».
    expect(await emails({ any: '8 (916) 000-00-00' })).toEqual(['deleted.ivan@mail.ru']);
    // One word, several columns: «ivan» is in e-mails, «Иван» in names.
    expect(await emails({ any: 'ivan' })).toEqual([
      'deleted.ivan@mail.ru',
      'ivan.petrov@mail.ru',
      'maria.ivanova@yandex.ru',
    ]);
    expect(await emails({ any: 'ivan', status: 'active' })).toEqual(['ivan.petrov@mail.ru', 'maria.ivanova@yandex.ru']);
  });

  it('treats % and _ in a search as plain characters', async () => {
    expect(await emails({ email: '50%' })).toEqual(['oleg_50%@gmail.com']);
    expect(await emails({ email: '_' })).toEqual(['oleg_50%@gmail.com']);
  });

  it('role and status take one value or a list', async () => {
    expect(await emails({ role: 'editor' })).toEqual(['anna@mail.ru']);
    expect(await emails({ role: ['editor', 'admin'] })).toEqual(['admin@pult.test', 'anna@mail.ru']);
    expect(await emails({ status: 'blocked' })).toEqual(['oleg_50%@gmail.com']);
    expect(await emails({ status: ['blocked', 'deleted'] })).toEqual(['deleted.ivan@mail.ru', 'oleg_50%@gmail.com']);
  });

  it('createdAt takes gte, lte or both', async () => {
    expect(await emails({ createdAt: { gte: '2025-01-31T00:00:00Z', lte: '2025-03-02T00:00:00Z' } })).toEqual([
      'maria.ivanova@yandex.ru',
      'oleg_50%@gmail.com',
    ]);
    expect(await emails({ createdAt: { lte: '2025-01-01T00:00:00Z' } })).toEqual(['ivan.petrov@mail.ru']);
  });

  it('hasSubscription counts only live subscriptions, and register shows expiry without a job', async () => {
    expect(await emails({ hasSubscription: true })).toEqual(['maria.ivanova@yandex.ru']);
    expect(await emails({ hasSubscription: false, role: 'user', status: 'active' })).toEqual(['ivan.petrov@mail.ru']);
    const ivan = (await list({ where: JSON.stringify({ email: 'ivan.petrov' }) })).json().items[0];
    expect(ivan.register).toMatchObject({ planTitle: 'Годовая подписка', status: 'expired' });
  });

  it('combines filters with AND', async () => {
    expect(await emails({ email: 'mail.ru', status: 'active', role: 'user' })).toEqual(['ivan.petrov@mail.ru']);
  });
});

describe('GET /users paging and sorting', () => {
  it('pages with take/page and an exact count for small sets', async () => {
    const first = (await list({ take: '2', page: '1', sort: 'email:asc' })).json();
    const second = (await list({ take: '2', page: '2', sort: 'email:asc' })).json();
    const last = (await list({ take: '2', page: '3', sort: 'email:asc' })).json();
    expect(first).toMatchObject({ count: 6, countIsEstimate: false });
    expect([...first.items, ...second.items, ...last.items].map((u: { email: string }) => u.email)).toEqual([
      'admin@pult.test',
      'anna@mail.ru',
      'deleted.ivan@mail.ru',
      'ivan.petrov@mail.ru',
      'maria.ivanova@yandex.ru',
      'oleg_50%@gmail.com',
    ]);
    expect((await list({ take: '2', page: '9' })).json().items).toEqual([]);
  });

  it('sorts by registration date, newest first, by default', async () => {
    const items = (await list({ take: '3' })).json().items as Array<{ createdAt: string }>;
    const dates = items.map((u) => u.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('answers each user exactly as GET /users/:id does: the page JSON written by PostgreSQL, the one user by the process', async () => {
    const check = async (query: Record<string, string>) => {
      const page = (await list(query)).json() as { items: Array<{ id: number }> };
      expect(page.items.length).toBeGreaterThan(0);
      for (const item of page.items) {
        const one = await t.app.inject({ url: `/api/users/${item.id}`, headers: { 'api-token': token } });
        expect(item).toStrictEqual(one.json());
      }
    };
    // The unfiltered first page (a prepared statement), a later page, and a filtered one (built each time).
    await check({ take: '20' });
    await check({ take: '2', page: '2', sort: 'lastSeenAt:desc' });
    await check({ take: '20', where: JSON.stringify({ status: ['active', 'blocked', 'deleted'] }) });
  });

  it.each(['passwordHash:asc', 'email', 'email:up', 'role:asc;drop table users'])('refuses sort %s', async (sort) => {
    expect((await list({ sort })).statusCode).toBe(400);
  });
});

describe('GET /users rejects what is not allowed', () => {
  it.each([
    ['a hidden column', { passwordHash: '$argon2' }],
    ['a token column', { apiToken: 'x' }],
    ['an unknown operator', { createdAt: { gt: '2025-01-01T00:00:00Z' } }],
    ['an empty range', { createdAt: {} }],
    ['a wrong type', { hasSubscription: 'yes' }],
    ['an unknown role', { role: 'root' }],
    ['a nested object', { email: { contains: 'ivan' } }],
  ])('400 for %s, naming it', async (_name, where) => {
    const response = await list({ where: JSON.stringify(where) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/where/);
  });

  it.each(['{not json', '[]', '"text"', 'null', '5'])('400 for where=%s', async (where) => {
    const response = await list({ where });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      errors: { where: expect.any(String) },
    });
  });

  it('never answers 500 and never returns a hidden value, whatever `where` holds (property)', async () => {
    const allowed = fc.record(
      {
        email: fc.string({ maxLength: 12 }),
        phoneNumber: fc.string({ maxLength: 12 }),
        name: fc.string({ maxLength: 12 }),
        role: fc.oneof(fc.constantFrom('user', 'editor', 'admin', 'root'), fc.array(fc.constantFrom('user', 'admin'))),
        status: fc.oneof(fc.constantFrom('active', 'blocked', 'deleted'), fc.string({ maxLength: 5 })),
        createdAt: fc.record(
          { gte: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()), lte: fc.string() },
          { requiredKeys: [] },
        ),
        hasSubscription: fc.oneof(fc.boolean(), fc.integer()),
        passwordHash: fc.string(),
        apiToken: fc.string(),
        refreshToken: fc.string(),
        __proto__: fc.string(),
      },
      { requiredKeys: [] },
    );
    const anything = fc.oneof(
      allowed,
      fc.jsonValue().map((v) => ({ v })),
      fc.string().map((s) => s),
    );
    await fc.assert(
      fc.asyncProperty(anything, async (where) => {
        const text = typeof where === 'string' ? where : JSON.stringify(where);
        const response = await list({ where: text });
        expect(response.statusCode).toBeLessThan(500);
        expect([200, 400]).toContain(response.statusCode);
        // A 400 may name the refused key; no answer may ever carry a hidden value.
        expect(response.body).not.toContain('SECRETHASH');
        expect(response.body).not.toContain('$argon2');
        if (response.statusCode === 200) expect(response.body).not.toMatch(/passwordHash|password_hash|apiToken/);
      }),
      { numRuns: 150 },
    );
  });
});
