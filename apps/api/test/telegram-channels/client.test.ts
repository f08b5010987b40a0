import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, PNG_1PX } from '../helpers/multipart';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { type Role, signInRoles } from './telegram-fixture';

let t: TestApp;
let call: Awaited<ReturnType<typeof signInRoles>>['call'];
let tokens: Record<Role, string>;

beforeAll(async () => {
  t = await buildTestApp();
  ({ call, tokens } = await signInRoles(t));
});
afterAll(() => t.close());

describe('GET /client/tg-channels', () => {
  it('gives a planner user the published channels grouped by category, in order, icons as full URLs', async () => {
    const first = (await call('POST', '/api/common/tg-categories', { title: 'Первая' })).json().id;
    const empty = (await call('POST', '/api/common/tg-categories', { title: 'Без опубликованных' })).json().id;
    const second = (await call('POST', '/api/common/tg-categories', { title: 'Вторая' })).json().id;
    const add = async (username: string, categoryId: number, published = true) =>
      (await call('POST', '/api/common/tg-channels', { title: username, username, categoryId, published })).json()
        .id as number;
    const a = await add('alpha_channel', first);
    const b = await add('bravo_channel', first);
    await add('hidden_channel', empty, false);
    const c = await add('charlie_channel', second);
    await add('draft_channel', second, false);
    const reorder = await call('POST', '/api/common/tg-channels/reorder', {
      categories: [
        {
          id: second,
          channelIds: [c, (await call('GET', '/api/common/tg-channels?take=1000')).json().items.at(-1).id],
        },
        { id: first, channelIds: [b, a] },
        { id: empty, channelIds: [(await call('GET', '/api/common/tg-channels?take=1000')).json().items[2].id] },
      ],
    });
    expect(reorder.statusCode, reorder.body).toBe(200);
    const upload = multipartBody('icon', 'a.png', 'image/png', PNG_1PX);
    await t.app.inject({
      method: 'POST',
      url: `/api/common/tg-channels/${a}/icon`,
      payload: upload.payload,
      headers: { ...upload.headers, 'api-token': tokens.admin },
    });

    const response = await call('GET', '/api/client/tg-channels', undefined, 'user');
    expect(response.statusCode, response.body).toBe(200);
    const { categories } = response.json();
    expect(categories.map((category: { title: string }) => category.title)).toEqual(['Вторая', 'Первая']);
    expect(categories[0].channels.map((channel: { username: string }) => channel.username)).toEqual([
      'charlie_channel',
    ]);
    expect(categories[1].channels.map((channel: { username: string }) => channel.username)).toEqual([
      'bravo_channel',
      'alpha_channel',
    ]);
    expect(categories[1].channels[1].icon).toMatch(/^http:\/\/pult\.test\/files\/tg-icons\/.+\.png$/);
    expect(categories[1].channels[0]).toEqual({
      id: b,
      title: 'bravo_channel',
      username: 'bravo_channel',
      description: '',
      icon: null,
      subscribers: null,
    });
  });

  it('is for planner users: staff get 403, no token 401', async () => {
    expect((await call('GET', '/api/client/tg-channels', undefined, 'admin')).statusCode).toBe(403);
    expect((await call('GET', '/api/client/tg-channels', undefined, 'nobody')).statusCode).toBe(401);
  });
});
