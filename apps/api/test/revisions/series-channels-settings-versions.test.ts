import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PromoFixture, promoFixture } from '../promo-codes/promo-fixture';

let f: PromoFixture;

beforeAll(async () => {
  f = await promoFixture();
});
afterAll(() => f.t.close());

const withIfMatch = (method: 'GET' | 'POST' | 'PATCH', url: string, version: number, payload?: object) =>
  f.t.app.inject({ method, url, payload, headers: { 'api-token': f.tokens.admin, 'if-match': `"${version}"` } });

describe('promo series and their theme: one version', () => {
  it('answers an ETag, refuses a stale If-Match on the theme and on disabling, and restores colours', async () => {
    const { id } = await f.createSeries({ codesCount: 1 });
    const series = await f.call('GET', `/api/promo-codes/${id}`);
    const version = series.json().version as number;
    expect(series.headers.etag).toBe(`"${version}"`);
    const theme = await f.call('GET', `/api/promo-codes/${id}/theme`);
    expect(theme.json().version).toBe(version);
    expect(theme.headers.etag).toBe(`"${version}"`);
    const saved = await withIfMatch('PATCH', `/api/promo-codes/${id}/theme`, version, {
      colors: { primary: '#24a772' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version).toBe(version + 1);
    const stale = await withIfMatch('PATCH', `/api/promo-codes/${id}/theme`, version, {
      colors: { primary: '#000000' },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ colors: { primary: '#24a772' }, version: version + 1 });
    expect((await withIfMatch('GET', `/api/promo-codes/${id}/manage/disable`, version)).statusCode).toBe(412);
    const disabled = await withIfMatch('GET', `/api/promo-codes/${id}/manage/disable`, version + 1);
    expect(disabled.json()).toMatchObject({ status: 'disabled', version: version + 2 });

    const history = (await f.call('GET', `/api/promo-codes/${id}/revisions`, undefined, 'editor')).json();
    expect(history.items.map((item: { action: string }) => item.action)).toEqual(['disable', 'update-theme', 'create']);
    // Only what changed: the texts and images groups read back from jsonb in another key order are the same.
    expect(history.items[1].changes.map((change: { field: string }) => change.field)).toEqual(['colors']);
    const created = history.items.at(-1).id;
    const restored = await f.call('POST', `/api/promo-codes/${id}/revisions/${created}/restore`, undefined, 'editor');
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ status: 'enabled' });
    expect((await f.call('GET', `/api/promo-codes/${id}/theme`)).json().colors.primary).toBe('#2563d9');
  });
});

describe('Telegram channels and categories', () => {
  it('refuse a stale If-Match on save; a restore that would take a used name is refused', async () => {
    const category = (await f.call('POST', '/api/common/tg-categories', { title: 'Новости' })).json();
    expect(category.version).toBe(1);
    const renamed = await withIfMatch('POST', '/api/common/tg-categories', 1, { id: category.id, title: 'Свежее' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.headers.etag).toBe('"2"');
    const stale = await withIfMatch('POST', '/api/common/tg-categories', 1, { id: category.id, title: 'Старое' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ title: 'Свежее', version: 2 });

    const channel = (
      await f.call('POST', '/api/common/tg-channels', {
        title: 'Канал',
        username: 'pult_news',
        categoryId: category.id,
      })
    ).json();
    await f.call('POST', '/api/common/tg-channels', { id: channel.id, username: 'pult_fresh' });
    expect((await withIfMatch('POST', '/api/common/tg-channels', 1, { id: channel.id, title: 'x' })).statusCode).toBe(
      412,
    );
    // Another channel takes the first name: restoring it would break the unique name.
    await f.call('POST', '/api/common/tg-channels', {
      title: 'Другой',
      username: 'pult_news',
      categoryId: category.id,
    });
    const history = (await f.call('GET', `/api/common/tg-channels/${channel.id}/revisions`)).json();
    expect(history.items[0].changes).toEqual([{ field: 'username', before: 'pult_news', after: 'pult_fresh' }]);
    const refused = await f.call(
      'POST',
      `/api/common/tg-channels/${channel.id}/revisions/${history.items[1].id}/restore`,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('TG_USERNAME_TAKEN');
    const categoryHistory = (await f.call('GET', `/api/common/tg-categories/${category.id}/revisions`)).json();
    expect(categoryHistory.count).toBe(2);
  });
});

describe('settings', () => {
  it('are version 1 until saved, then refuse a stale If-Match', async () => {
    const read = await f.call('GET', '/api/common/settings', undefined, 'admin');
    expect(read.headers.etag).toBe('"1"');
    const saved = await withIfMatch('PATCH', '/api/common/settings', 1, { projectName: 'Пульт 2' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version).toBe(2);
    const stale = await withIfMatch('PATCH', '/api/common/settings', 1, { projectName: 'Пульт 3' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ projectName: 'Пульт 2', version: 2 });
    expect((await withIfMatch('PATCH', '/api/common/settings', 2, { projectName: 'Пульт 3' })).json().version).toBe(3);
  });
});
