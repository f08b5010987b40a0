import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, tgChannels } from '../../src/db/schema';
import { JPEG, multipartBody, PNG_1PX } from '../helpers/multipart';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { type Role, signInRoles } from './telegram-fixture';

let t: TestApp;
let call: Awaited<ReturnType<typeof signInRoles>>['call'];
let tokens: Record<Role, string>;
let news = 0;
let tech = 0;

beforeAll(async () => {
  t = await buildTestApp();
  ({ call, tokens } = await signInRoles(t));
  news = (await call('POST', '/api/common/tg-categories', { title: 'Новости' })).json().id;
  tech = (await call('POST', '/api/common/tg-categories', { title: 'Технологии' })).json().id;
});
afterAll(() => t.close());

const channelCount = async () => (await t.database.db.select().from(tgChannels)).length;

describe('Telegram channels', () => {
  let channelId = 0;

  it('an editor creates a channel: the name loses its @, the channel goes last in its category', async () => {
    const created = await call(
      'POST',
      '/api/common/tg-channels',
      { title: 'Планер', username: '@planner_news', categoryId: news, description: 'Новости планера' },
      'editor',
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      title: 'Планер',
      username: 'planner_news',
      categoryId: news,
      published: true,
      subscribers: null,
      checkedAt: null,
      icon: null,
      sortOrder: 0,
    });
    channelId = created.json().id;
    const second = await call('POST', '/api/common/tg-channels', {
      title: 'Второй',
      username: 'https://t.me/Second_Channel',
      categoryId: news,
    });
    expect(second.json()).toMatchObject({ username: 'Second_Channel', sortOrder: 1 });
  });

  it('lists channels with take up to 1000, in category then channel order', async () => {
    const list = await call('GET', '/api/common/tg-channels?take=1000&page=1', undefined, 'editor');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ count: 2, telegramConfigured: false });
    expect(list.json().items.map((c: { username: string }) => c.username)).toEqual(['planner_news', 'Second_Channel']);
    const paged = await call('GET', '/api/common/tg-channels?take=1&page=2');
    expect(paged.json().items).toHaveLength(1);
    expect(paged.json().items[0].username).toBe('Second_Channel');
    expect((await call('GET', '/api/common/tg-channels?take=1001')).statusCode).toBe(400);
  });

  it('updates only the fields sent when the body has an id', async () => {
    const updated = await call('POST', '/api/common/tg-channels', { id: channelId, published: false }, 'editor');
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      id: channelId,
      title: 'Планер',
      published: false,
      username: 'planner_news',
    });
    const moved = await call('POST', '/api/common/tg-channels', { id: channelId, categoryId: tech });
    expect(moved.json()).toMatchObject({ categoryId: tech, sortOrder: 0 });
    const [event] = (await t.database.db.select().from(auditEvents)).filter(
      (e) => e.entity === 'tg-channel' && e.action === 'update',
    );
    expect(event).toMatchObject({ before: { published: true }, after: { published: false } });
  });

  it.each([
    ['a name that is too short', { username: 'abc' }, 'username', 'invalid_format'],
    ['a name starting with a digit', { username: '1channel' }, 'username', 'invalid_format'],
    ['a name with a space', { username: 'my channel' }, 'username', 'invalid_format'],
    ['a name ending with an underscore', { username: 'channel_' }, 'username', 'invalid_format'],
    ['an empty title', { title: '  ' }, 'title', 'too_short'],
    ['no category', { categoryId: undefined }, 'categoryId', 'required'],
    ['no title', { title: undefined }, 'title', 'required'],
    ['an unknown field', { color: 'red' }, 'color', 'unrecognized'],
    ['a string for published', { published: 'yes' }, 'published', 'invalid_type'],
  ])('refuses %s, creating nothing', async (_name, change, field, fieldCode) => {
    const before = await channelCount();
    const body = { title: 'Канал', username: 'valid_name', categoryId: news, ...change };
    const response = await call('POST', '/api/common/tg-channels', body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { [field]: fieldCode } });
    expect(await channelCount()).toBe(before);
  });

  it('keeps public names unique whatever their case', async () => {
    const response = await call('POST', '/api/common/tg-channels', {
      title: 'Дубль',
      username: 'PLANNER_NEWS',
      categoryId: news,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'TG_USERNAME_TAKEN', errors: { username: 'taken' } });
  });

  it('answers 404 for an unknown channel or category', async () => {
    const missingChannel = await call('POST', '/api/common/tg-channels', { id: 99999, title: 'X' });
    expect(missingChannel.statusCode).toBe(404);
    expect(missingChannel.json().code).toBe('TG_CHANNEL_NOT_FOUND');
    const missingCategory = await call('POST', '/api/common/tg-channels', {
      title: 'X',
      username: 'unknown_cat',
      categoryId: 99999,
    });
    expect(missingCategory.statusCode).toBe(404);
    expect(missingCategory.json().code).toBe('TG_CATEGORY_NOT_FOUND');
    const del = await call('DELETE', '/api/common/tg-channels/99999');
    expect(del.json().code).toBe('TG_CHANNEL_NOT_FOUND');
  });

  it('uploads an icon and answers its URL as plain text', async () => {
    const upload = multipartBody('icon', 'icon.png', 'image/png', PNG_1PX);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/common/tg-channels/${channelId}/icon`,
      payload: upload.payload,
      headers: { ...upload.headers, 'api-token': tokens.editor },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toMatch(/^http:\/\/pult\.test\/files\/tg-icons\/[0-9a-f-]+\.png$/);
    const file = await t.app.inject({ url: new URL(response.body).pathname });
    expect(file.statusCode).toBe(200);
    const list = await call('GET', '/api/common/tg-channels?take=1000');
    const icon = list.json().items.find((c: { id: number }) => c.id === channelId).icon;
    expect(response.body.endsWith(icon)).toBe(true);

    const svg = multipartBody('icon', 'x.svg', 'image/svg+xml', Buffer.from('<svg onload="alert(1)"/>'));
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/common/tg-channels/${channelId}/icon`,
      payload: svg.payload,
      headers: { ...svg.headers, 'api-token': tokens.admin },
    });
    expect(refused.statusCode).toBe(415);
    const jpeg = multipartBody('icon', 'x.jpg', 'image/jpeg', JPEG);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/common/tg-channels/99999/icon',
      payload: jpeg.payload,
      headers: { ...jpeg.headers, 'api-token': tokens.admin },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes a channel and its icon file', async () => {
    const list = await call('GET', '/api/common/tg-channels?take=1000');
    const icon = list.json().items.find((c: { id: number }) => c.id === channelId).icon;
    const deleted = await call('DELETE', `/api/common/tg-channels/${channelId}`, undefined, 'editor');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect((await t.app.inject({ url: `/files/${icon}` })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/common/tg-channels/${channelId}`)).statusCode).toBe(404);
  });

  it.each([
    ['GET', '/api/common/tg-channels', undefined],
    ['POST', '/api/common/tg-channels', { title: 'Роль', username: 'role_check', categoryId: 1 }],
    ['DELETE', '/api/common/tg-channels/1', undefined],
    ['GET', '/api/common/tg-categories', undefined],
    ['POST', '/api/common/tg-categories', { title: 'Роль' }],
    ['DELETE', '/api/common/tg-categories/1', undefined],
    ['POST', '/api/common/tg-channels/reorder', { categories: [] }],
    ['POST', '/api/common/tg-channels/1/refresh', undefined],
  ] as const)('%s %s: a planner user gets 403, no token 401', async (method, url, body) => {
    expect((await call(method, url, body, 'user')).statusCode).toBe(403);
    expect((await call(method, url, body, 'nobody')).statusCode).toBe(401);
  });
});
