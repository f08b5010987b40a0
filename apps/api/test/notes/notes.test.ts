import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/db/schema';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  ({ tokens } = await t.accounts(['admin', 'editor', 'user']));
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object, role = 'editor') =>
  t.app.inject({ method, url, payload, headers: role === 'anonymous' ? {} : { 'api-token': tokens[role] ?? '' } });
const create = async (fields: object, role = 'editor') => {
  const response = await call('POST', '/api/notes', fields, role);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const search = async (query: string, extra = '') =>
  (await call('GET', `/api/notes?query=${encodeURIComponent(query)}${extra}`)).json();

describe('notes: writing and reading', () => {
  it('creates a draft with the author, trimmed title and lower-cased unique tags', async () => {
    const note = await create({ title: '  Утренние ритуалы  ', body: 'Текст', tags: ['Утро', 'утро', 'Привычки'] });
    expect(note).toMatchObject({
      title: 'Утренние ритуалы',
      tags: ['утро', 'привычки'],
      status: 'draft',
      publishedAt: null,
      archivedAt: null,
      coverImage: null,
      authorName: 'editor@pult.test',
    });
    const got = await call('GET', `/api/notes/${note.id}`, undefined, 'admin');
    expect(got.json()).toEqual(note);
  });

  it.each([
    ['an empty title', { title: '   ' }, 'title', 'too_short'],
    ['a long title', { title: 'я'.repeat(201) }, 'title', 'too_long'],
    ['a bad status', { title: 'A', status: 'hidden' }, 'status', 'invalid'],
    ['a tag with markup', { title: 'A', tags: ['<b>'] }, 'tags.0', 'invalid_format'],
    ['too many tags', { title: 'A', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags', 'too_long'],
  ])('refuses %s', async (_name, body, field, code) => {
    const response = await call('POST', '/api/notes', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { [field]: code } });
  });

  it('answers 404 NOTE_NOT_FOUND for a missing note and 400 for a bad id', async () => {
    const missing = await call('GET', '/api/notes/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOTE_NOT_FOUND');
    expect((await call('PATCH', '/api/notes/999999', { title: 'X' })).json().code).toBe('NOTE_NOT_FOUND');
    expect((await call('GET', '/api/notes/abc')).statusCode).toBe(400);
  });

  it('lets admins and editors in, and nobody else', async () => {
    for (const [role, status] of [
      ['admin', 200],
      ['editor', 200],
      ['user', 403],
      ['anonymous', 401],
    ] as const) {
      expect((await call('GET', '/api/notes', undefined, role)).statusCode, role).toBe(status);
      expect((await call('POST', '/api/notes', { title: `Роль ${role}` }, role)).statusCode, role).toBe(status);
    }
  });
});

describe('notes: publishing and archiving', () => {
  it('publishing stamps publishedAt, unpublishing keeps it, republishing stamps again', async () => {
    const note = await create({ title: 'Публикация', body: 'Тело' });
    const published = (await call('PATCH', `/api/notes/${note.id}`, { status: 'published' })).json();
    expect(published.status).toBe('published');
    expect(published.publishedAt).toBeTruthy();
    t.clock.advance(60_000);
    const draft = (await call('PATCH', `/api/notes/${note.id}`, { status: 'draft' })).json();
    expect(draft).toMatchObject({ status: 'draft', publishedAt: published.publishedAt });
    const again = (await call('PATCH', `/api/notes/${note.id}`, { status: 'published' })).json();
    expect(new Date(again.publishedAt).getTime()).toBeGreaterThan(new Date(published.publishedAt).getTime());
  });

  it('refuses to publish an empty body', async () => {
    const response = await call('POST', '/api/notes', { title: 'Пусто', status: 'published' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { body: 'required' } });
    const note = await create({ title: 'Пусто' });
    expect((await call('PATCH', `/api/notes/${note.id}`, { status: 'published' })).statusCode).toBe(400);
  });

  it('archives (soft), hides from the live list, refuses edits, restores as it was', async () => {
    const note = await create({ title: 'Архивная заметка', body: 'Что-то', status: 'published' });
    const archived = await call('DELETE', `/api/notes/${note.id}`);
    expect(archived.json().archivedAt).toBeTruthy();
    expect((await search('Архивная')).count).toBe(0);
    expect((await search('Архивная', '&archived=true')).items.map((n: { id: number }) => n.id)).toEqual([note.id]);
    const edit = await call('PATCH', `/api/notes/${note.id}`, { title: 'Новое' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('NOTE_ARCHIVED');
    const restored = (await call('POST', `/api/notes/${note.id}/restore`)).json();
    expect(restored).toMatchObject({ archivedAt: null, status: 'published', title: 'Архивная заметка' });
  });

  it('audits every change with before and after', async () => {
    const note = await create({ title: 'Аудит', body: 'Тело' });
    await call('PATCH', `/api/notes/${note.id}`, { status: 'published' });
    await call('DELETE', `/api/notes/${note.id}`);
    await call('POST', `/api/notes/${note.id}/restore`);
    const events = (await t.database.db.select().from(auditEvents)).filter(
      (event) => event.entity === 'note' && event.entityId === String(note.id),
    );
    expect(events.map((event) => event.action)).toEqual(['create', 'publish', 'archive', 'restore']);
    expect(events[1]?.before).toMatchObject({ status: 'draft' });
    expect(events[1]?.after).toMatchObject({ status: 'published' });
  });
});

describe('notes: search', () => {
  let planning = 0;
  let habits = 0;
  beforeAll(async () => {
    planning = (
      await create({
        title: 'Планирование недели',
        body: 'Как планировать задачи на неделю вперёд и не выгорать.',
        tags: ['планирование'],
      })
    ).id;
    habits = (
      await create({ title: 'Привычки', body: 'Полезные привычки: вода, сон, прогулки. Про планирование ни слова.' })
    ).id;
    await create({ title: 'Рецепты завтраков', body: 'Овсянка и сырники.', tags: ['еда'] });
  });
  const ids = (page: { items: Array<{ id: number }> }) => page.items.map((item) => item.id);

  it('finds word forms: «планировать» finds «планирование» and back', async () => {
    expect(ids(await search('планировать'))).toContain(planning);
    expect(ids(await search('планированию'))).toContain(planning);
    expect(ids(await search('Недели'))).toEqual([planning]);
  });

  it('ranks the title match above a passing mention', async () => {
    const found = ids(await search('планирование'));
    expect(found.indexOf(planning)).toBeGreaterThanOrEqual(0);
    expect(found.indexOf(planning)).toBeLessThan(found.indexOf(habits));
  });

  it('finds fragments inside words as substrings', async () => {
    expect(ids(await search('ырник'))).toHaveLength(1);
    expect(ids(await search('ланиро'))).toEqual(expect.arrayContaining([planning, habits]));
  });

  it('finds nothing for text that is nowhere, and survives tsquery syntax', async () => {
    expect(await search('квазар')).toMatchObject({ items: [], count: 0 });
    for (const hostile of ["!(&|'", ':*', "'); drop table notes; --", '\\', '%_']) {
      const response = await call('GET', `/api/notes?query=${encodeURIComponent(hostile)}`);
      expect(response.statusCode, hostile).toBe(200);
    }
  });

  it('filters by tag and status, and lists tag suggestions', async () => {
    expect(ids((await call('GET', '/api/notes?tag=еда')).json())).toHaveLength(1);
    expect(
      ids((await call('GET', `/api/notes?status=published&query=${encodeURIComponent('сырники')}`)).json()),
    ).toEqual([]);
    const tags = (await call('GET', '/api/notes/tags')).json();
    expect(tags.items).toEqual(expect.arrayContaining([{ tag: 'еда', count: 1 }]));
  });
});

describe('planner: GET /client/notes', () => {
  it('shows published live notes only, newest publication first, to planner users', async () => {
    const draft = await create({ title: 'Черновик для планера', body: 'x', tags: ['планер'] });
    const live = await create({ title: 'Опубликовано', body: 'x', status: 'published', tags: ['планер'] });
    const gone = await create({ title: 'Опубликовано и убрано', body: 'x', status: 'published', tags: ['планер'] });
    await call('DELETE', `/api/notes/${gone.id}`);
    const response = await call('GET', '/api/client/notes?tag=планер', undefined, 'user');
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.items.map((n: { id: number }) => n.id)).toEqual([live.id]);
    expect(page.items[0]).not.toHaveProperty('status');
    expect(page.items[0]).not.toHaveProperty('authorId');
    expect(page.items.map((n: { id: number }) => n.id)).not.toContain(draft.id);
    expect((await call('GET', '/api/client/notes', undefined, 'editor')).statusCode).toBe(403);
  });
});
