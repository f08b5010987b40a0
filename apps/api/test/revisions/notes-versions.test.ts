import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  ({ tokens } = await t.accounts(['admin', 'editor']));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers = {}) =>
  t.app.inject({ method, url, payload, headers: { 'api-token': tokens.editor ?? '', ...headers } });

const newNote = async (title: string) => {
  const response = await call('POST', '/api/notes', { title, body: 'Первый текст' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; version: number };
};

describe('notes: versions and If-Match', () => {
  it('answers GET with the version as ETag; a write with the current If-Match goes through and bumps it', async () => {
    const note = await newNote('Версии');
    expect(note.version).toBe(1);
    const got = await call('GET', `/api/notes/${note.id}`);
    expect(got.headers.etag).toBe('"1"');
    const saved = await call('PATCH', `/api/notes/${note.id}`, { title: 'Версии 2' }, { 'if-match': '"1"' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version).toBe(2);
    expect(saved.headers.etag).toBe('"2"');
  });

  it('answers a stale If-Match 412 STALE_VERSION with the current note, and changes nothing', async () => {
    const note = await newNote('Устаревшая');
    await call('PATCH', `/api/notes/${note.id}`, { body: 'Чужая правка' });
    const stale = await call('PATCH', `/api/notes/${note.id}`, { title: 'Моя правка' }, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({
      code: 'STALE_VERSION',
      current: { id: note.id, title: 'Устаревшая', body: 'Чужая правка', version: 2 },
    });
    expect(stale.headers.etag).toBe('"2"');
    expect((await call('GET', `/api/notes/${note.id}`)).json()).toMatchObject({ title: 'Устаревшая', version: 2 });
    // A tag that is not one of ours matches no version; a weak or bare one is read as ours.
    expect((await call('PATCH', `/api/notes/${note.id}`, { title: 'x' }, { 'if-match': 'abc' })).statusCode).toBe(412);
    expect(
      (await call('PATCH', `/api/notes/${note.id}`, { title: 'Слабый' }, { 'if-match': 'W/"2"' })).statusCode,
    ).toBe(200);
    // Archiving honours it too; without If-Match (older clients) a write still goes through.
    expect((await call('DELETE', `/api/notes/${note.id}`, undefined, { 'if-match': '"2"' })).statusCode).toBe(412);
    expect((await call('DELETE', `/api/notes/${note.id}`)).statusCode).toBe(200);
  });

  it('lets exactly one of two parallel writes with the same version win', async () => {
    const note = await newNote('Гонка');
    const results = await Promise.all(
      ['А', 'Б', 'В', 'Г'].map((title) =>
        call('PATCH', `/api/notes/${note.id}`, { title: `Гонка ${title}` }, { 'if-match': '"1"' }),
      ),
    );
    const codes = results.map((response) => response.statusCode).sort();
    expect(codes).toEqual([200, 412, 412, 412]);
    expect((await call('GET', `/api/notes/${note.id}`)).json().version).toBe(2);
  });

  it('answers 404 for a missing note whatever the If-Match', async () => {
    const response = await call('PATCH', '/api/notes/999999', { title: 'x' }, { 'if-match': '"1"' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOTE_NOT_FOUND');
  });
});

describe('notes: history and restore', () => {
  it('keeps each change with actor, time and fields, newest first, and restores a version as a new one', async () => {
    const note = await newNote('История');
    await call('PATCH', `/api/notes/${note.id}`, { title: 'История 2', tags: ['утро'] });
    await call('PATCH', `/api/notes/${note.id}`, { body: 'Второй текст' });
    const history = await call('GET', `/api/notes/${note.id}/revisions`);
    expect(history.statusCode, history.body).toBe(200);
    const { items, count } = history.json();
    expect(count).toBe(3);
    expect(items[0]).toMatchObject({
      action: 'update',
      version: 3,
      actor: { name: 'editor@pult.test' },
      changes: [{ field: 'body', before: 'Первый текст', after: 'Второй текст' }],
    });
    expect(items[1].changes).toEqual([
      { field: 'title', before: 'История', after: 'История 2' },
      { field: 'tags', before: [], after: ['утро'] },
    ]);
    expect(items[2]).toMatchObject({ action: 'create', version: 1 });

    const first = items[2].id;
    const restored = await call('POST', `/api/notes/${note.id}/revisions/${first}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ title: 'История', body: 'Первый текст', tags: [], version: 4 });
    const after = (await call('GET', `/api/notes/${note.id}/revisions`)).json();
    expect(after.count).toBe(4);
    expect(after.items[0]).toMatchObject({ action: 'restore-revision', version: 4 });
  });

  it('refuses a restore an archived note cannot take, a revision of another note, and a stale If-Match', async () => {
    const a = await newNote('Архивная');
    const b = await newNote('Другая');
    const [created] = (await call('GET', `/api/notes/${a.id}/revisions`)).json().items;
    const other = await call('POST', `/api/notes/${b.id}/revisions/${created.id}/restore`);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('REVISION_NOT_FOUND');
    await call('PATCH', `/api/notes/${a.id}`, { title: 'Архивная 2' });
    const stale = await call('POST', `/api/notes/${a.id}/revisions/${created.id}/restore`, undefined, {
      'if-match': '"1"',
    });
    expect(stale.statusCode).toBe(412);
    await call('DELETE', `/api/notes/${a.id}`);
    const refused = await call('POST', `/api/notes/${a.id}/revisions/${created.id}/restore`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('NOTE_ARCHIVED');
    expect((await call('GET', '/api/notes/999999/revisions')).statusCode).toBe(404);
  });
});
