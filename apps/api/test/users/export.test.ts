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

const exportCsv = (where?: object, token = tokens.admin) =>
  t.app.inject({
    url: '/api/users/export-data',
    query: where ? { where: JSON.stringify(where) } : {},
    headers: { 'api-token': token ?? '' },
  });

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
      'id;email;phoneNumber;firstName;lastName;role;status;createdAt;lastSeenAt;subscription;subscriptionStatus;subscriptionExpiresAt',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('ivan@mail.ru;\'+79161234567;Иван;"Петров; мл.";user;active');
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
});
