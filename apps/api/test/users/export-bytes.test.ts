import type { User } from '@pult/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { subscriptionPlans, subscriptions, users } from '../../src/db/schema';
import { csvHeader, csvLine } from '../../src/lib/csv';
import { exportLinesSql } from '../../src/modules/users/export-csv-sql';
import { EXPORT_COLUMNS, EXPORT_TEXTS } from '../../src/modules/users/export-csv-texts';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/**
 * The export's lines are written by the database (one SQL on PGlite and PostgreSQL). This file holds
 * them to the JavaScript CSV rules of `lib/csv.ts`, in the words and clocks of `reference`, byte for byte,
 * for every awkward value, so both engines give the same bytes for the same rows.
 */
let t: TestApp;
let admin = '';
const DAY = 86_400_000;

/** A moment as the export writes it: `YYYY-MM-DD HH:mm:ss` on the clocks of the settings' zone (Sweden's locale writes that form). */
const zoneTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Moscow',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const local = (iso: string | null | undefined) => (iso ? zoneTime.format(new Date(iso)) : null);
const ru = EXPORT_TEXTS.ru;

/** The JavaScript exporter's columns, in Russian: the reference the SQL must match. */
const reference = (u: User) =>
  csvLine([
    u.id,
    u.email,
    u.phoneNumber,
    u.firstName,
    u.lastName,
    ru.role[u.role],
    ru.status[u.status],
    local(u.createdAt),
    local(u.lastSeenAt),
    u.register?.planTitle,
    u.register ? ru.subscriptionStatus[u.register.status] : null,
    local(u.register?.expiresAt),
  ]);

const people = [
  { email: 'formula@mail.ru', firstName: '=SUM(A1)', lastName: '+7 плюс', phoneNumber: '+79161234567' },
  { email: '-dash@mail.ru', firstName: '-минус', lastName: '@собака' },
  { email: '@at@mail.ru', firstName: '\tтаб', lastName: '\rвозврат' },
  { email: '"o;k"@mail.ru', firstName: 'Кавычки "да"', lastName: 'точка;запятая' },
  { email: 'lines@mail.ru', firstName: 'перенос\nстроки', lastName: 'crlf\r\nвнутри' },
  { email: 'comma@mail.ru', firstName: 'запятая, тут', lastName: 'Ёлка 🎄 中文 ñ ß' },
  { email: 'empty@mail.ru', firstName: '', lastName: null, phoneNumber: '' },
  { email: 'quote-formula@mail.ru', firstName: '"=1+1"', lastName: "'апостроф" },
  { email: 'plain@mail.ru', firstName: 'Иван', lastName: 'Петров', status: 'blocked' as const },
];

beforeAll(async () => {
  t = await buildTestApp();
  await t.createUser({ email: 'admin@pult.test', role: 'admin' });
  admin = (await t.signin('admin@pult.test')).apiToken;
  const now = t.clock.now().getTime();
  const inserted = await t.database.db.insert(users).values(people).returning({ id: users.id });
  const ids = inserted.map((row) => row.id);
  // Microseconds, as PostgreSQL stores them: the file shows milliseconds, cut as the drivers cut them.
  await t.database.db.execute(
    sql`update users set created_at = '2024-02-29 23:59:59.999999+00', last_seen_at = '2025-01-01 00:00:00.000500+00' where id = ${ids[0]}`,
  );
  await t.database.db.execute(sql`update users set created_at = '2023-07-15 08:09:10.291+03' where id = ${ids[1]}`);
  const [month, forever] = await t.database.db
    .insert(subscriptionPlans)
    .values([
      { title: '=Месяц; "VIP"', price: 29900, period: 'month', durationDays: 30 },
      { title: 'Навсегда', price: 499000, period: 'lifetime', durationDays: 36500 },
    ])
    .returning({ id: subscriptionPlans.id });
  const sub = (
    owner: number | undefined,
    planId: number | undefined,
    status: 'active' | 'canceled',
    ends: number | null,
  ) => ({
    owner: owner ?? 0,
    planId: planId ?? 0,
    status,
    source: 'purchase' as const,
    startedAt: new Date(now - 400 * DAY),
    expiresAt: ends === null ? null : new Date(now + ends),
  });
  await t.database.db.insert(subscriptions).values([
    // The one that ends last is the register; a canceled older one is not.
    sub(ids[0], month?.id, 'canceled', -30 * DAY),
    sub(ids[0], month?.id, 'active', 20 * DAY + 123),
    // Active but past its end: exported as "expired", read from the clock.
    sub(ids[1], month?.id, 'active', -DAY),
    // A lifetime one (no end) beats any dated one.
    sub(ids[2], month?.id, 'active', 300 * DAY),
    sub(ids[2], forever?.id, 'active', null),
  ]);
});
afterAll(() => t.close());

const exportCsv = (where?: object) =>
  t.app.inject({
    url: '/api/users/export-data',
    query: where ? { where: JSON.stringify(where) } : {},
    headers: { 'api-token': admin },
  });

async function userById(id: number): Promise<User> {
  const response = await t.app.inject({ url: `/api/users/${id}`, headers: { 'api-token': admin } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function expectedFile(ids: number[]): Promise<string> {
  const lines = [];
  for (const id of ids) lines.push(reference(await userById(id)));
  return csvHeader(EXPORT_COLUMNS.map((column) => ru.header[column])) + lines.join('');
}

const allIds = async () =>
  (await t.database.db.select({ id: users.id }).from(users).orderBy(users.id)).map((row) => row.id);

describe('the exported bytes', () => {
  it('match the JavaScript CSV rules for every awkward value: formulas, quotes, line breaks, commas, non-ASCII', async () => {
    const response = await exportCsv();
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(Buffer.from(await expectedFile(await allIds()), 'utf8'))).toBe(true);
  });

  it('write the cells as a spreadsheet must see them', async () => {
    const body = (await exportCsv()).body;
    const [first, second, third] = await allIds().then((ids) => ids.slice(1, 4));
    expect(body).toContain(
      `\r\n${first};formula@mail.ru;'+79161234567;'=SUM(A1);'+7 плюс;Пользователь;Активен;2024-03-01 02:59:59;2025-01-01 03:00:00;"'=Месяц; ""VIP""";активна;`,
    );
    expect(body).toContain(
      `\r\n${second};'-dash@mail.ru;;'-минус;'@собака;Пользователь;Активен;2023-07-15 08:09:10;;"'=Месяц; ""VIP""";истекла;`,
    );
    expect(body).toContain(`\r\n${third};'@at@mail.ru;;'\tтаб;"'\rвозврат";Пользователь;Активен;`);
    expect(body).toContain(';Навсегда;активна;\r\n');
    expect(body).toContain(`;"""o;k""@mail.ru";;"Кавычки ""да""";"точка;запятая";`);
    expect(body).toContain(';"перенос\nстроки";"crlf\r\nвнутри";');
    expect(body).toContain(';comma@mail.ru;;запятая, тут;Ёлка 🎄 中文 ñ ß;');
    expect(body).toContain(';empty@mail.ru;;;;Пользователь;Активен;');
    expect(body).toContain(`;"""=1+1""";'апостроф;`);
  });

  it('writes the same lines whichever way the current subscription is joined (a probe per user, or one merge)', async () => {
    const expected = (await expectedFile(await allIds())).replace(/^[^\n]*\n/, '');
    for (const join of ['lateral', 'merge'] as const) {
      const rows = await queryRows<{ line: string }>(
        t.database.db,
        exportLinesSql({}, t.clock.now(), join, { texts: ru, timeZone: 'Europe/Moscow' }),
      );
      expect(rows.map((row) => row.line).join('')).toBe(expected);
    }
  });

  it('holds the same rows and bytes under a filter as the list shows for it', async () => {
    const where = { status: 'active', name: 'а' };
    const list = await t.app.inject({
      url: '/api/users',
      query: { take: '100', page: '1', where: JSON.stringify(where) },
      headers: { 'api-token': admin },
    });
    expect(list.statusCode).toBe(200);
    const ids = (list.json().items as User[]).map((u) => u.id).sort((a, b) => a - b);
    expect(ids.length).toBeGreaterThan(2);
    const response = await exportCsv(where);
    expect(response.body).toBe(await expectedFile(ids));
  });
});
