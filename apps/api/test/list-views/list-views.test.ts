import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/db/schema';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const staff = ['admin', 'admin2', 'editor', 'editor2'] as const;

beforeAll(async () => {
  t = await buildTestApp();
  for (const name of [...staff, 'user'] as const) {
    const role = name.startsWith('admin') ? 'admin' : name.startsWith('editor') ? 'editor' : 'user';
    ids[name] = await t.createUser({ email: `${name}@pult.test`, role });
    tokens[name] = (await t.signin(`${name}@pult.test`)).apiToken;
  }
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, who = 'editor') =>
  t.app.inject({
    method,
    url: `/api${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: who === 'anonymous' ? {} : { 'api-token': tokens[who] ?? '' },
  });
const state = (query: Record<string, string> = {}, columns: { key: string; visible: boolean }[] | null = null) => ({
  query,
  columns,
});
const createView = async (body: object, who = 'editor', list = 'users') => {
  const response = await call('POST', `/list-views/${list}/views`, body, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const viewNames = async (who: string, list = 'users') =>
  ((await call('GET', `/list-views/${list}/views`, undefined, who)).json().items as { name: string }[]).map(
    (view) => view.name,
  );

describe('column settings', () => {
  it('are empty until set, then kept per person and per list', async () => {
    const empty = await call('GET', '/list-views/users/columns');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ listKey: 'users', columns: [] });

    const columns = [
      { key: 'email', visible: true },
      { key: 'name', visible: false },
    ];
    const put = await call('PUT', '/list-views/users/columns', { columns });
    expect(put.statusCode, put.body).toBe(200);
    expect((await call('GET', '/list-views/users/columns')).json().columns).toEqual(columns);
    // Another person, another list: untouched.
    expect((await call('GET', '/list-views/users/columns', undefined, 'admin')).json().columns).toEqual([]);
    expect((await call('GET', '/list-views/notes/columns')).json().columns).toEqual([]);

    // Replacing, then an empty list back to the defaults.
    await call('PUT', '/list-views/users/columns', { columns: [{ key: 'role', visible: true }] });
    expect((await call('GET', '/list-views/users/columns')).json().columns).toEqual([{ key: 'role', visible: true }]);
    await call('PUT', '/list-views/users/columns', { columns: [] });
    expect((await call('GET', '/list-views/users/columns')).json().columns).toEqual([]);
  });

  it.each([
    ['an unknown list', '/list-views/nope/columns', { columns: [] }],
    [
      'a repeated column',
      '/list-views/users/columns',
      {
        columns: [
          { key: 'a', visible: true },
          { key: 'a', visible: false },
        ],
      },
    ],
    ['a key with markup', '/list-views/users/columns', { columns: [{ key: '<b>', visible: true }] }],
    ['a non-boolean visibility', '/list-views/users/columns', { columns: [{ key: 'a', visible: 'yes' }] }],
    ['an unknown field', '/list-views/users/columns', { columns: [], extra: 1 }],
    [
      'too many columns',
      '/list-views/users/columns',
      { columns: Array.from({ length: 41 }, (_, i) => ({ key: `c${i}`, visible: true })) },
    ],
    ['no body', '/list-views/users/columns', undefined],
    ['an array body', '/list-views/users/columns', [1, 2]],
  ])('refuse %s with 400', async (_name, url, body) => {
    const response = await call('PUT', url, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toMatch(/VALIDATION_FAILED|BAD_REQUEST/);
  });
});

describe('saved views: own and shared', () => {
  it('saves a personal view that only its owner sees, and keeps it as sent', async () => {
    const view = await createView({
      name: '  Заблокированные редакторы  ',
      state: state({ role: 'editor', status: 'blocked', sort: 'email:asc' }, [{ key: 'email', visible: true }]),
    });
    expect(view).toMatchObject({
      name: 'Заблокированные редакторы',
      listKey: 'users',
      shared: false,
      ownerId: ids.editor,
      ownerName: 'editor@pult.test',
      canEdit: true,
      state: {
        query: { role: 'editor', status: 'blocked', sort: 'email:asc' },
        columns: [{ key: 'email', visible: true }],
      },
    });
    expect(await viewNames('editor')).toContain('Заблокированные редакторы');
    for (const other of ['editor2', 'admin'])
      expect(await viewNames(other), other).not.toContain('Заблокированные редакторы');
    // Someone else's personal view does not exist for them, whatever they try.
    expect((await call('PATCH', `/saved-views/${view.id}`, { name: 'X' }, 'admin')).statusCode).toBe(404);
    expect((await call('DELETE', `/saved-views/${view.id}`, undefined, 'editor2')).json().code).toBe('VIEW_NOT_FOUND');
    // A view of another list is not listed here.
    expect(await viewNames('editor', 'notes')).not.toContain('Заблокированные редакторы');
  });

  it('lets an admin share a view that every staff member sees but only admins and the owner change', async () => {
    const shared = await createView({ name: 'Активные', state: state({ status: 'active' }), shared: true }, 'admin');
    expect(shared).toMatchObject({ shared: true, canEdit: true });
    for (const who of staff) expect(await viewNames(who), who).toContain('Активные');

    const asEditor = (
      (await call('GET', '/list-views/users/views')).json().items as { id: number; canEdit: boolean }[]
    ).find((view) => view.id === shared.id);
    expect(asEditor?.canEdit).toBe(false);
    const rename = await call('PATCH', `/saved-views/${shared.id}`, { name: 'Мои' });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().code).toBe('VIEW_READ_ONLY');
    expect((await call('DELETE', `/saved-views/${shared.id}`)).json().code).toBe('VIEW_READ_ONLY');

    // Another admin may change it, and it stays the owner's.
    const renamed = await call('PATCH', `/saved-views/${shared.id}`, { name: 'Активные пользователи' }, 'admin2');
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Активные пользователи', ownerId: ids.admin, canEdit: true });

    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'saved-view'), eq(auditEvents.entityId, String(shared.id))));
    expect(events.map((event) => event.action).sort()).toEqual(['create', 'update']);

    const removed = await call('DELETE', `/saved-views/${shared.id}`, undefined, 'admin2');
    expect(removed.statusCode).toBe(200);
    expect(await viewNames('editor')).not.toContain('Активные пользователи');
  });

  it('refuses sharing to an editor, on create and on update', async () => {
    const create = await call('POST', '/list-views/users/views', { name: 'Общий', state: state(), shared: true });
    expect(create.statusCode).toBe(403);
    expect(create.json().code).toBe('ADMIN_ONLY_FIELDS');
    const own = await createView({ name: 'Личный', state: state() });
    const share = await call('PATCH', `/saved-views/${own.id}`, { shared: true });
    expect(share.statusCode).toBe(403);
    expect(share.json().code).toBe('ADMIN_ONLY_FIELDS');
    // Sending the value it already has is not sharing.
    expect((await call('PATCH', `/saved-views/${own.id}`, { shared: false, name: 'Личный 2' })).statusCode).toBe(200);
  });

  it('lets the owner rename, replace the state and delete', async () => {
    const view = await createView({ name: 'Черновик', state: state({ q: 'a' }) });
    const changed = await call('PATCH', `/saved-views/${view.id}`, {
      name: 'Чистовик',
      state: state({ q: 'b', take: '50' }, [{ key: 'name', visible: true }]),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Чистовик', state: { query: { q: 'b', take: '50' } } });
    expect((await call('DELETE', `/saved-views/${view.id}`)).json()).toEqual({ ok: true });
    expect((await call('DELETE', `/saved-views/${view.id}`)).statusCode).toBe(404);
  });

  it('keeps names unique per person and list', async () => {
    await createView({ name: 'Дубль', state: state() });
    const again = await call('POST', '/list-views/users/views', { name: ' Дубль ', state: state() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'VIEW_NAME_TAKEN', errors: { name: 'taken' } });
    // The same name is fine for another person and on another list.
    await createView({ name: 'Дубль', state: state() }, 'editor2');
    await createView({ name: 'Дубль', state: state() }, 'editor', 'transactions');
    const other = await createView({ name: 'Другой', state: state() });
    expect((await call('PATCH', `/saved-views/${other.id}`, { name: 'Дубль' })).statusCode).toBe(409);
  });

  it('stops at 50 views per person and list', async () => {
    for (let i = 0; i < 50; i++) await createView({ name: `Вид ${i}`, state: state() }, 'editor2', 'notes');
    const over = await call('POST', '/list-views/notes/views', { name: 'Лишний', state: state() }, 'editor2');
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('VIEW_LIMIT_REACHED');
  });

  it.each([
    ['an empty name', { name: '   ', state: state() }, 'name'],
    ['a long name', { name: 'я'.repeat(61), state: state() }, 'name'],
    ['no state', { name: 'A' }, 'state'],
    ['a number in the query', { name: 'A', state: { query: { page: 2 } } }, 'state.query.page'],
    ['a nested object in the query', { name: 'A', state: { query: { where: { a: 1 } } } }, 'state.query.where'],
    ['a long value', { name: 'A', state: { query: { q: 'x'.repeat(1001) } } }, 'state.query.q'],
    [
      'too many parameters',
      { name: 'A', state: { query: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`p${i}`, 'v'])) } },
      'state.query',
    ],
    ['a bad parameter name', { name: 'A', state: { query: { 'a b': 'v' } } }, 'state.query'],
    ['an unknown state field', { name: 'A', state: { query: {}, filters: {} } }, 'state'],
    ['a non-boolean shared', { name: 'A', state: state(), shared: 'yes' }, 'shared'],
  ])('refuses %s with 400', async (_name, body, field) => {
    const response = await call('POST', '/list-views/users/views', body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(
      Object.keys(response.json().errors ?? {}).some((key) => key.startsWith(field)),
      response.body,
    ).toBe(true);
  });

  it('answers bad ids and empty changes with 400, never 500', async () => {
    expect((await call('PATCH', '/saved-views/abc', { name: 'A' })).statusCode).toBe(400);
    expect((await call('PATCH', '/saved-views/99999999999', { name: 'A' })).statusCode).toBe(400);
    expect((await call('DELETE', '/saved-views/-1')).statusCode).toBe(400);
    expect((await call('PATCH', '/saved-views/999999', { name: 'A' })).statusCode).toBe(404);
    const view = await createView({ name: 'Пустая правка', state: state() });
    expect((await call('PATCH', `/saved-views/${view.id}`, {})).statusCode).toBe(400);
    expect((await call('PATCH', `/saved-views/${view.id}`, { name: 'a\u0000b' })).statusCode).toBe(400);
    expect((await call('GET', '/list-views/%00/views')).statusCode).toBe(400);
  });
});

describe('saved views: who may call', () => {
  it('lets admins and editors in, and nobody else', async () => {
    for (const [who, status] of [
      ['admin', 200],
      ['editor', 200],
      ['user', 403],
      ['anonymous', 401],
    ] as const) {
      expect((await call('GET', '/list-views/users/views', undefined, who)).statusCode, who).toBe(status);
      expect((await call('GET', '/list-views/users/columns', undefined, who)).statusCode, who).toBe(status);
      expect((await call('PUT', '/list-views/users/columns', { columns: [] }, who)).statusCode, who).toBe(status);
      const create = await call('POST', '/list-views/users/views', { name: `Роль ${who}`, state: state() }, who);
      expect(create.statusCode, who).toBe(status);
    }
  });
});
