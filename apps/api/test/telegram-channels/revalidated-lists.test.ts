import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tgChannels } from '../../src/db/schema';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { signInRoles } from './telegram-fixture';

/**
 * Both channel screens load every category and channel on each visit (issue 37): the answers carry an
 * ETag and `private, no-cache`, and a caller that already has the answer gets 304 with no body, after
 * the guard. Serialized by the compiled schema: exactly the contract's fields.
 */
let t: TestApp;
let tokens: Awaited<ReturnType<typeof signInRoles>>['tokens'];
let call: Awaited<ReturnType<typeof signInRoles>>['call'];
let channelId = 0;
beforeAll(async () => {
  t = await buildTestApp();
  ({ call, tokens } = await signInRoles(t));
  const category = (await call('POST', '/api/common/tg-categories', { title: 'Новости' })).json().id;
  channelId = (
    await call('POST', '/api/common/tg-channels', { title: 'Планер', username: 'planner_news', categoryId: category })
  ).json().id;
});
afterAll(() => t.close());

const list = (url: string, headers: Record<string, string> = {}, role: 'admin' | 'editor' = 'editor') =>
  t.app.inject({ url, headers: { 'api-token': tokens[role], ...headers } });

describe.each(['/api/common/tg-channels?take=1000&page=1', '/api/common/tg-categories'])('%s', (url) => {
  it('answers an ETag a browser may revalidate, and 304 with no body while nothing changed', async () => {
    const first = await list(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\/"[\w-]+"$/);
    // Another staff member, the same data: the same tag.
    expect((await list(url, {}, 'admin')).headers.etag).toBe(tag);
    const again = await list(url, { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tag);
    // A list of tags, as browsers may send, matches too; a stale one is a full answer.
    expect((await list(url, { 'if-none-match': `W/"old", ${tag}` })).statusCode).toBe(304);
    const stale = await list(url, { 'if-none-match': 'W/"old"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual(first.json());
  });

  it('a change makes a new tag and a full answer; the guard runs before any 304', async () => {
    const before = await list(url);
    const tag = String(before.headers.etag);
    // Saving is a POST with the id, for channels and categories alike.
    const changed = await call(
      'POST',
      url.includes('channels') ? '/api/common/tg-channels' : '/api/common/tg-categories',
      { id: url.includes('channels') ? channelId : before.json().items[0].id, title: `Новое имя ${Date.now()}` },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await list(url, { 'if-none-match': tag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(tag);
    expect((await t.app.inject({ url, headers: { 'if-none-match': String(after.headers.etag) } })).statusCode).toBe(
      401,
    );
    expect((await list(url, { 'if-none-match': String(after.headers.etag) }, 'editor')).statusCode).toBe(304);
    const planner = await t.app.inject({
      url,
      headers: { 'api-token': tokens.user, 'if-none-match': String(after.headers.etag) },
    });
    expect(planner.statusCode).toBe(403);
  });
});

describe('the compiled serializer', () => {
  it('writes the contract’s fields of each channel and nothing else', async () => {
    const body = (await list('/api/common/tg-channels?take=1000&page=1')).json();
    const [row] = await t.database.db.select().from(tgChannels);
    expect(Object.keys(body.items[0]).sort()).toEqual(
      [
        'categoryId',
        'checkedAt',
        'createdAt',
        'description',
        'icon',
        'id',
        'published',
        'sortOrder',
        'subscribers',
        'title',
        'updatedAt',
        'username',
        'version',
      ].sort(),
    );
    expect(body.items[0]).toMatchObject({ id: row?.id, title: row?.title, createdAt: row?.createdAt.toISOString() });
  });
});
