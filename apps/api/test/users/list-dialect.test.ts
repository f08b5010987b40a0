import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/**
 * The list dialect on `GET /users`: flat parameters (comma lists, `from`/`to`) give the same filter as
 * the seed's `where` JSON, and `any` is the contract's one user search (phone as typed, an id).
 */
let t: TestApp;
let token: string;
const DAY = 24 * 3600_000;
const base = Date.parse('2025-01-01T00:00:00Z');

beforeAll(async () => {
  t = await buildTestApp();
  await t.createUser({ email: 'admin@pult.test', role: 'admin' });
  token = (await t.signin('admin@pult.test')).apiToken;
  const people = [
    ['ivan.petrov@mail.ru', '+79161234567', 'Иван', 'Петров', 'user', 'active'],
    ['maria.ivanova@yandex.ru', '+79031112233', 'Мария', 'Иванова', 'user', 'active'],
    ['oleg@gmail.com', null, 'Олег', 'Смирнов', 'user', 'blocked'],
    ['anna@mail.ru', '+79269998877', 'Анна', 'Кузнецова', 'editor', 'active'],
  ] as const;
  for (const [i, [email, phoneNumber, firstName, lastName, role, status]] of people.entries()) {
    await t.database.db.insert(users).values({
      email,
      phoneNumber,
      firstName,
      lastName,
      role,
      status,
      createdAt: new Date(base + i * 30 * DAY),
    });
  }
});
afterAll(() => t.close());

const emails = async (query: Record<string, string>) => {
  const response = await t.app.inject({
    url: '/api/users',
    query: { take: '100', ...query },
    headers: { 'api-token': token },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().items as Array<{ email: string }>).map((u) => u.email).sort();
};

describe('GET /users: flat parameters and where JSON', () => {
  it.each([
    [
      { status: 'blocked,active', role: 'user' },
      { status: ['blocked', 'active'], role: 'user' },
      ['ivan.petrov@mail.ru', 'maria.ivanova@yandex.ru', 'oleg@gmail.com'],
    ],
    [{ any: '8 (916) 123-45-67' }, { any: '8 (916) 123-45-67' }, ['ivan.petrov@mail.ru']],
    [{ name: 'иванова' }, { name: 'иванова' }, ['maria.ivanova@yandex.ru']],
    [
      { from: new Date(base + 20 * DAY).toISOString(), to: new Date(base + 70 * DAY).toISOString() },
      { createdAt: { gte: new Date(base + 20 * DAY).toISOString(), lte: new Date(base + 70 * DAY).toISOString() } },
      ['maria.ivanova@yandex.ru', 'oleg@gmail.com'],
    ],
  ])('%j finds what where=%j finds', async (flat, where, expected) => {
    expect(await emails(flat)).toEqual(expected);
    expect(await emails({ where: JSON.stringify(where) })).toEqual(expected);
  });

  it('reads blank values as left out and refuses values outside the lists', async () => {
    expect(await emails({ any: '  ', status: '' })).toHaveLength(5);
    const bad = await t.app.inject({ url: '/api/users?status=paused', headers: { 'api-token': token } });
    expect(bad.statusCode).toBe(400);
  });

  it('finds a user by id through `any` («#12» or «12»)', async () => {
    const [anna] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'anna@mail.ru'));
    expect(await emails({ any: `#${anna?.id}` })).toEqual(['anna@mail.ru']);
  });
});
