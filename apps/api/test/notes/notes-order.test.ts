import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/** Issue 29, item 19: the notes list follows «Изменена» (the latest change first) and sorts on the server. */
let t: TestApp;
let token = '';
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  await t.createUser({ email: 'editor@pult.test', role: 'editor' });
  token = (await t.signin('editor@pult.test')).apiToken;
  // Created Б, В, А; changed last: А, then Б, then В.
  for (const [title, body, changedDaysAgo] of [
    ['Бюджет на месяц', 'Планирование расходов', 2],
    ['Вечерний обзор', 'Планирование завтрашнего дня', 3],
    ['Артикль о сне', 'Про отдых', 1],
  ] as const) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/notes',
      payload: { title, body },
      headers: { 'api-token': token },
    });
    const id = response.json().id as number;
    ids[title.slice(0, 1)] = id;
    await t.database.db.execute(
      sql`update notes set updated_at = now() - ${`${changedDaysAgo} days`}::interval where id = ${id}`,
    );
  }
});
afterAll(() => t.close());

const titles = async (query: string) => {
  const response = await t.app.inject({ url: `/api/notes${query}`, headers: { 'api-token': token } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items.map((note: { title: string }) => note.title.slice(0, 1));
};

describe('GET /notes order', () => {
  it('lists the latest change first by default', async () => {
    expect(await titles('')).toEqual(['А', 'Б', 'В']);
  });

  it('sorts by the change, the creation or the title, either way', async () => {
    expect(await titles('?sort=updatedAt:asc')).toEqual(['В', 'Б', 'А']);
    expect(await titles('?sort=createdAt:asc')).toEqual(['Б', 'В', 'А']);
    expect(await titles('?sort=title:desc')).toEqual(['В', 'Б', 'А']);
    expect((await t.app.inject({ url: '/api/notes?sort=body:asc', headers: { 'api-token': token } })).statusCode).toBe(
      400,
    );
  });

  it('keeps relevance while searching, unless a sort is asked for', async () => {
    expect(await titles('?query=планирование&sort=updatedAt:asc')).toEqual(['В', 'Б']);
    expect(await titles('?query=планирование&sort=updatedAt:desc')).toEqual(['Б', 'В']);
  });
});
