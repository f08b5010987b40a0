import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../../src/db/schema';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  await t.createUser({ email: 'admin@pult.test', role: 'admin' });
  await t.createUser({ email: 'editor@pult.test', role: 'editor' });
  for (const role of ['admin', 'editor']) tokens[role] = (await t.signin(`${role}@pult.test`)).apiToken;
  await t.database.db.insert(users).values([
    {
      email: 'ivan@mail.ru',
      firstName: 'Иван',
      lastName: 'Петров; мл.',
      phoneNumber: '+79161234567',
      passwordHash: 'SECRETHASH',
    },
    { email: 'evil@mail.ru', firstName: '=HYPERLINK("http://x")', lastName: 'Зло' },
    { email: 'maria@yandex.ru', firstName: 'Мария', status: 'blocked' },
  ]);
});
afterAll(() => t.close());

const exportCsv = (where?: object, token = tokens.admin, extra: { lang?: string; accept?: string } = {}) =>
  t.app.inject({
    url: '/api/users/export-data',
    query: { ...(where ? { where: JSON.stringify(where) } : {}), ...(extra.lang ? { lang: extra.lang } : {}) },
    headers: { 'api-token': token ?? '', ...(extra.accept ? { 'accept-language': extra.accept } : {}) },
  });
const linesOf = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describe('GET /users/export-data', () => {
  it('streams a CSV for Russian Excel: BOM, semicolons, quoted cells, the filter applied', async () => {
    const response = await exportCsv({ email: 'mail.ru' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"/);
    const raw = response.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'ID;Электронная почта;Телефон;Имя;Фамилия;Роль;Статус;Дата регистрации;Последний визит;Подписка;Статус подписки;Подписка до',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('ivan@mail.ru;\'+79161234567;Иван;"Петров; мл.";Пользователь;Активен');
    expect(lines[2]).toContain(`evil@mail.ru;;"'=HYPERLINK(""http://x"")";Зло`);
    expect(response.body).not.toContain('SECRETHASH');
  });

  it('exports everyone without a filter and refuses bad filters', async () => {
    const all = (await exportCsv()).body.trimEnd().split('\r\n');
    expect(all).toHaveLength(1 + 5);
    expect((await exportCsv({ passwordHash: 'x' })).statusCode).toBe(400);
  });

  it('is admin-only and audit-logged', async () => {
    expect((await exportCsv(undefined, tokens.editor)).statusCode).toBe(403);
    await exportCsv({ status: 'blocked' });
    const events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'export'));
    expect(events.at(-1)).toMatchObject({ entity: 'user', after: { where: { status: 'blocked' } } });
  });

  it('speaks the language the SPA asks for (lang), else the browser’s, else Russian', async () => {
    const english = linesOf((await exportCsv({ email: 'maria@' }, tokens.admin, { lang: 'en' })).body);
    expect(english[0]).toBe(
      'ID;Email;Phone;First name;Last name;Role;Status;Registered on;Last seen;Subscription;Subscription status;Subscription ends',
    );
    expect(english[1]).toContain(';User;Blocked;');
    const french = linesOf(
      (await exportCsv({ email: 'maria@' }, tokens.admin, { accept: 'de-DE, fr;q=0.8, en;q=0.5' })).body,
    );
    expect(french[0]).toMatch(/^ID;Adresse e-mail;Téléphone;/);
    expect(french[1]).toContain(';Utilisateur;Bloqué;');
    // The SPA's choice wins over the browser's; a language Pult does not speak is refused, not guessed.
    const chosen = linesOf((await exportCsv({ email: 'maria@' }, tokens.admin, { lang: 'ja', accept: 'en' })).body);
    expect(chosen[1]).toContain(';ユーザー;ブロック中;');
    expect((await exportCsv(undefined, tokens.admin, { lang: 'de' })).statusCode).toBe(400);
    expect(linesOf((await exportCsv({ email: 'maria@' }, tokens.admin, { accept: 'de' })).body)[1]).toContain(
      ';Пользователь;Заблокирован;',
    );
  });

  it('writes times as Excel reads them, on the settings’ clocks, and names the file by that zone’s day', async () => {
    const [maria] = await t.database.db.select().from(users).where(eq(users.email, 'maria@yandex.ru'));
    await t.database.db
      .update(users)
      .set({ createdAt: new Date('2025-12-31T22:30:05.250Z'), lastSeenAt: null })
      .where(eq(users.id, maria?.id ?? 0));
    const moscow = linesOf((await exportCsv({ email: 'maria@' })).body);
    // 22:30 UTC on New Year's Eve is 01:30 on the 1st in Moscow (UTC+3).
    expect(moscow[1]).toContain(';Заблокирован;2026-01-01 01:30:05;;');
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/common/settings',
      payload: { defaultTimeZone: 'America/New_York' },
      headers: { 'api-token': tokens.admin ?? '' },
    });
    expect(changed.statusCode).toBe(200);
    const york = await exportCsv({ email: 'maria@' });
    expect(linesOf(york.body)[1]).toContain(';Заблокирован;2025-12-31 17:30:05;;');
    const wall = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/New_York' }).format(t.clock.now());
    expect(york.headers['content-disposition']).toBe(`attachment; filename="users-${wall}.csv"`);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/common/settings',
      payload: { defaultTimeZone: 'Europe/Moscow' },
      headers: { 'api-token': tokens.admin ?? '' },
    });
  });

  it('export selected writes the same file, in the same language and clocks', async () => {
    const [maria] = await t.database.db.select().from(users).where(eq(users.email, 'maria@yandex.ru'));
    const selected = await t.app.inject({
      method: 'POST',
      url: '/api/users/export-selected?lang=en',
      payload: { ids: [maria?.id] },
      headers: { 'api-token': tokens.admin ?? '' },
    });
    expect(selected.statusCode).toBe(200);
    expect(selected.body).toBe((await exportCsv({ email: 'maria@' }, tokens.admin, { lang: 'en' })).body);
  });
});
