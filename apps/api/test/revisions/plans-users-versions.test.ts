import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, type TestApp } from '../helpers/test-app';

let t: TestApp;
let tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  ({ tokens } = await t.accounts(['admin', 'editor']));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, role = 'admin', headers = {}) =>
  t.app.inject({ method, url, payload, headers: { 'api-token': tokens[role] ?? '', ...headers } });
const ok = async (promise: ReturnType<typeof call>) => {
  const response = await promise;
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const planBody = (title: string) => ({ title, price: 29_900, period: 'month', durationDays: 30 });

describe('plans: versions, history, restore', () => {
  it('answers GET /subscriptions/desc/:id with an ETag and refuses a stale If-Match on edit and on disable', async () => {
    const plan = await ok(call('POST', '/api/subscriptions/desc', planBody('Версии')));
    expect(plan.version).toBe(1);
    const got = await call('GET', `/api/subscriptions/desc/${plan.id}`, undefined, 'editor');
    expect(got.headers.etag).toBe('"1"');
    await ok(call('PATCH', `/api/subscriptions/desc/${plan.id}`, { description: 'Редактор' }, 'editor'));
    const stale = await call('PATCH', `/api/subscriptions/desc/${plan.id}`, { price: 100 }, 'admin', {
      'if-match': '"1"',
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION', current: { description: 'Редактор', version: 2 } });
    const disable = await call('GET', `/api/subscriptions/desc/${plan.id}/manage/disable`, undefined, 'admin', {
      'if-match': '"1"',
    });
    expect(disable.statusCode).toBe(412);
    const fresh = await ok(
      call('GET', `/api/subscriptions/desc/${plan.id}/manage/disable`, undefined, 'admin', { 'if-match': '"2"' }),
    );
    expect(fresh).toMatchObject({ enabled: false, version: 3 });
  });

  it('lets one of two parallel writes with the same version win', async () => {
    const plan = await ok(call('POST', '/api/subscriptions/desc', planBody('Гонка тарифов')));
    const codes = (
      await Promise.all(
        [1, 2, 3].map((n) =>
          call('PATCH', `/api/subscriptions/desc/${plan.id}`, { description: `#${n}` }, 'admin', { 'if-match': '"1"' }),
        ),
      )
    )
      .map((response) => response.statusCode)
      .sort();
    expect(codes).toEqual([200, 412, 412]);
  });

  it('restores a price for an editor only when the price is not what changes, and refuses a taken title', async () => {
    const plan = await ok(call('POST', '/api/subscriptions/desc', planBody('Старое имя')));
    await ok(
      call('PATCH', `/api/subscriptions/desc/${plan.id}`, { title: 'Новое имя', description: 'Текст' }, 'editor'),
    );
    const history = await ok(call('GET', `/api/subscriptions/desc/${plan.id}/revisions`, undefined, 'editor'));
    expect(history.count).toBe(2);
    expect(history.items[0].changes).toEqual([
      { field: 'title', before: 'Старое имя', after: 'Новое имя' },
      { field: 'description', before: '', after: 'Текст' },
    ]);
    const created = history.items[1].id;
    // Someone takes the old title: restoring it would break the unique title.
    await ok(call('POST', '/api/subscriptions/desc', planBody('Старое имя')));
    const refused = await call(
      'POST',
      `/api/subscriptions/desc/${plan.id}/revisions/${created}/restore`,
      undefined,
      'editor',
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PLAN_TITLE_TAKEN');
    await ok(call('PATCH', `/api/subscriptions/desc/${plan.id}`, { price: 100 }, 'admin'));
    // The price differs now: an editor may not bring it back, an admin may.
    const editor = await call(
      'POST',
      `/api/subscriptions/desc/${plan.id}/revisions/${created}/restore`,
      undefined,
      'editor',
    );
    expect(editor.statusCode).toBe(403);
    await ok(call('PATCH', `/api/subscriptions/desc/${plan.id}`, { title: 'Третье имя' }, 'admin'));
    const older = (await ok(call('GET', `/api/subscriptions/desc/${plan.id}/revisions`))).items.find(
      (item: { changes: { field: string }[] }) => item.changes.some((change) => change.field === 'price'),
    );
    const restored = await ok(
      call('POST', `/api/subscriptions/desc/${plan.id}/revisions/${history.items[0].id}/restore`, undefined, 'admin'),
    );
    expect(restored).toMatchObject({ title: 'Новое имя', price: 29_900 });
    expect(older).toBeDefined();
  });
});

describe('users: versions, history, restore', () => {
  it('refuses a stale If-Match on edit and on block, and one parallel write wins', async () => {
    const user = await ok(call('POST', '/api/users', { email: 'v@pult.test', role: 'user' }));
    expect((await call('GET', `/api/users/${user.id}`, undefined, 'editor')).headers.etag).toBe('"1"');
    await ok(call('POST', `/api/users/${user.id}`, { firstName: 'Ирина' }));
    const stale = await call('POST', `/api/users/${user.id}`, { lastName: 'Петрова' }, 'admin', { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ firstName: 'Ирина', version: 2 });
    expect(stale.json().current).not.toHaveProperty('passwordHash');
    const block = await call('GET', `/api/users/${user.id}/manage/block`, undefined, 'admin', { 'if-match': '"1"' });
    expect(block.statusCode).toBe(412);
    const codes = (
      await Promise.all(
        ['А', 'Б'].map((name) =>
          call('POST', `/api/users/${user.id}`, { lastName: name }, 'admin', { 'if-match': '"2"' }),
        ),
      )
    )
      .map((response) => response.statusCode)
      .sort();
    expect(codes).toEqual([200, 412]);
  });

  it('keeps bulk blocks in the history, and restores a version (profile and status) as a new revision', async () => {
    const user = await ok(call('POST', '/api/users', { email: 'h@pult.test', role: 'user', firstName: 'Анна' }));
    await ok(call('POST', `/api/users/${user.id}`, { firstName: 'Мария', email: 'h2@pult.test' }));
    await ok(call('POST', '/api/users/bulk', { action: 'block', ids: [user.id] }));
    const history = await ok(call('GET', `/api/users/${user.id}/revisions`, undefined, 'editor'));
    expect(history.items.map((item: { action: string }) => item.action)).toEqual(['block', 'update', 'create']);
    expect(history.items[0]).toMatchObject({
      version: 3,
      changes: [{ field: 'status', before: 'active', after: 'blocked' }],
    });
    // An editor reads the history but may not restore a user.
    const editor = await call(
      'POST',
      `/api/users/${user.id}/revisions/${history.items[2].id}/restore`,
      undefined,
      'editor',
    );
    expect(editor.statusCode).toBe(403);
    const restored = await ok(call('POST', `/api/users/${user.id}/revisions/${history.items[2].id}/restore`));
    expect(restored).toMatchObject({ firstName: 'Анна', email: 'h@pult.test', status: 'active' });
    // Another account took the e-mail meanwhile: restoring the later version refuses it.
    await ok(call('POST', `/api/users/${user.id}`, { email: 'h3@pult.test' }));
    await ok(call('POST', '/api/users', { email: 'h2@pult.test', role: 'user' }));
    const refused = await call('POST', `/api/users/${user.id}/revisions/${history.items[1].id}/restore`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('EMAIL_TAKEN');
  });

  it('never keeps a secret in a revision or an audit row', async () => {
    const secret = 'a very secret password 1';
    const user = await ok(
      call('POST', '/api/users', { email: 's@pult.test', role: 'editor', password: secret, firstName: 'С' }),
    );
    await ok(call('POST', `/api/users/${user.id}`, { password: 'another secret password 2', lastName: 'К' }));
    const session = await t.signin('s@pult.test', 'another secret password 2');
    await ok(call('POST', `/api/users/${user.id}`, { firstName: 'Света' }));
    const { rows: hashes } = (await t.database.db.execute(
      sql`SELECT password_hash FROM users WHERE password_hash IS NOT NULL`,
    )) as unknown as { rows: { password_hash: string }[] };
    const secrets = [
      secret,
      'another secret password 2',
      PASSWORD,
      session.apiToken,
      ...Object.values(tokens),
      ...hashes.map((row) => row.password_hash),
      // Every hash shares its algorithm's prefix: no stored value may even look like one.
      '$argon2',
    ];
    const { rows } = (await t.database.db.execute(
      sql`SELECT changes::text || state::text AS text FROM record_revisions
          UNION ALL SELECT coalesce(before::text, '') || coalesce(after::text, '') FROM audit_events`,
    )) as unknown as { rows: { text: string }[] };
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) for (const value of secrets) expect(row.text).not.toContain(value);
  });
});
