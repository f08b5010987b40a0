import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tgCategories, tgChannels } from '../../src/db/schema';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { signInRoles } from './telegram-fixture';

let t: TestApp;
let call: Awaited<ReturnType<typeof signInRoles>>['call'];

beforeAll(async () => {
  t = await buildTestApp();
  ({ call } = await signInRoles(t));
});
afterAll(() => t.close());

const createCategory = async (title: string) => {
  const response = await call('POST', '/api/common/tg-categories', { title }, 'editor');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as number;
};
const createChannel = async (username: string, categoryId: number) => {
  const response = await call('POST', '/api/common/tg-channels', { title: username, username, categoryId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as number;
};
const layout = async () => {
  const categories = (await call('GET', '/api/common/tg-categories')).json().items as { id: number }[];
  const channels = (await call('GET', '/api/common/tg-channels?take=1000')).json().items as {
    id: number;
    categoryId: number;
  }[];
  return categories.map((category) => ({
    id: category.id,
    channelIds: channels.filter((channel) => channel.categoryId === category.id).map((channel) => channel.id),
  }));
};

describe('Telegram categories and the layout', () => {
  let a = 0;
  let b = 0;
  let c = 0;
  const channels: number[] = [];

  it('creates categories in order, with their channel counts', async () => {
    a = await createCategory('Новости');
    b = await createCategory('Спорт');
    c = await createCategory('Кино');
    for (const name of ['news_one', 'news_two', 'news_three']) channels.push(await createChannel(name, a));
    channels.push(await createChannel('sport_one', b));
    const list = await call('GET', '/api/common/tg-categories', undefined, 'editor');
    expect(list.json()).toMatchObject({
      count: 3,
      items: [
        { id: a, title: 'Новости', sortOrder: 0, channelsCount: 3 },
        { id: b, title: 'Спорт', sortOrder: 1, channelsCount: 1 },
        { id: c, title: 'Кино', sortOrder: 2, channelsCount: 0 },
      ],
    });
  });

  it('renames with an id; titles stay unique case-insensitively; empty titles are refused', async () => {
    const renamed = await call('POST', '/api/common/tg-categories', { id: c, title: 'Кино и сериалы' }, 'editor');
    expect(renamed.json()).toMatchObject({ id: c, title: 'Кино и сериалы', channelsCount: 0 });
    const taken = await call('POST', '/api/common/tg-categories', { title: 'НОВОСТИ' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'TG_CATEGORY_TITLE_TAKEN', errors: { title: 'taken' } });
    const empty = await call('POST', '/api/common/tg-categories', { title: ' ' });
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { title: 'too_short' } });
    const none = await call('POST', '/api/common/tg-categories', {});
    expect(none.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { title: 'required' } });
    const missing = await call('POST', '/api/common/tg-categories', { id: 99999, title: 'Нет' });
    expect(missing.json().code).toBe('TG_CATEGORY_NOT_FOUND');
  });

  it('reorders categories and channels in one call, moving a channel between categories', async () => {
    const [one, two, three, sport] = channels as [number, number, number, number];
    const wanted = [
      { id: c, channelIds: [two] },
      { id: a, channelIds: [three, sport, one] },
      { id: b, channelIds: [] },
    ];
    const response = await call('POST', '/api/common/tg-channels/reorder', { categories: wanted }, 'editor');
    expect(response.statusCode, response.body).toBe(200);
    expect(await layout()).toEqual(wanted);
  });

  it('refuses a stale layout whole: a missing, repeated or unknown row changes nothing', async () => {
    const before = await layout();
    const [first, second, third] = before as [(typeof before)[0], (typeof before)[0], (typeof before)[0]];
    const stale = [
      [second, first], // a category missing
      [first, second, third, { id: 99999, channelIds: [] }], // an unknown category
      [{ ...first, channelIds: [] }, second, third], // a channel missing
      [first, { ...second, channelIds: [...second.channelIds, ...first.channelIds] }, third], // a channel twice
      [first, first, second, third], // a category twice
    ];
    for (const categories of stale) {
      const response = await call('POST', '/api/common/tg-channels/reorder', { categories });
      expect(response.statusCode, JSON.stringify(categories)).toBe(409);
      expect(response.json().code).toBe('TG_ORDER_STALE');
    }
    expect(await layout()).toEqual(before);
    const bad = await call('POST', '/api/common/tg-channels/reorder', { categories: [{ id: 'x', channelIds: [] }] });
    expect(bad.statusCode).toBe(400);
  });

  it('applies concurrent reorders one after the other; a channel created meanwhile makes a stale layout 409, never a 500', async () => {
    const current = await layout();
    const reversed = [...current]
      .reverse()
      .map((category) => ({ ...category, channelIds: [...category.channelIds].reverse() }));
    const [one, two, created] = await Promise.all([
      call('POST', '/api/common/tg-channels/reorder', { categories: reversed }),
      call('POST', '/api/common/tg-channels/reorder', { categories: current }),
      call('POST', '/api/common/tg-channels', { title: 'Гонка', username: 'race_channel', categoryId: a }),
    ]);
    expect(created.statusCode, created.body).toBe(200);
    for (const response of [one, two]) {
      expect([200, 409], response.body).toContain(response.statusCode);
      if (response.statusCode === 409) expect(response.json().code).toBe('TG_ORDER_STALE');
    }
    const after = await layout();
    expect(after.flatMap((category) => category.channelIds)).toContain(created.json().id);
    expect((await call('DELETE', `/api/common/tg-channels/${created.json().id}`)).statusCode).toBe(200);
    await call('POST', '/api/common/tg-channels/reorder', { categories: current });
    expect(await layout()).toEqual(current);
  });

  it('does not delete a category that has channels unless told where they go', async () => {
    const refused = await call('DELETE', `/api/common/tg-categories/${a}`, undefined, 'editor');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TG_CATEGORY_NOT_EMPTY' });
    const toItself = await call('DELETE', `/api/common/tg-categories/${a}?moveTo=${a}`);
    expect(toItself.statusCode).toBe(400);
    const toNowhere = await call('DELETE', `/api/common/tg-categories/${a}?moveTo=99999`);
    expect(toNowhere.json().code).toBe('TG_CATEGORY_NOT_FOUND');
    expect((await t.database.db.select().from(tgCategories)).length).toBe(3);
  });

  it('moves the channels to the end of the target, in their order, then deletes', async () => {
    const before = await layout();
    const fromA = before.find((category) => category.id === a)?.channelIds ?? [];
    const inC = before.find((category) => category.id === c)?.channelIds ?? [];
    const deleted = await call('DELETE', `/api/common/tg-categories/${a}?moveTo=${c}`, undefined, 'editor');
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await layout();
    expect(after.find((category) => category.id === c)?.channelIds).toEqual([...inC, ...fromA]);
    expect(after.map((category) => category.id)).toEqual([c, b]);
    expect((await t.database.db.select().from(tgChannels)).length).toBe(4);
  });

  it('deletes an empty category without a target', async () => {
    expect((await call('DELETE', `/api/common/tg-categories/${b}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/common/tg-categories/${b}`)).json().code).toBe('TG_CATEGORY_NOT_FOUND');
  });
});
