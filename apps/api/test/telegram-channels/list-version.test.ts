import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';
import { AnswerCache, chooseEncoding } from '../../src/lib/revalidated-json';
import { categoriesRepository } from '../../src/modules/telegram-channels/categories/categories-repository';
import { channelsRepository } from '../../src/modules/telegram-channels/channels/channels-repository';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { testDbKind } from '../helpers/test-database';
import { type ImportFixture, importFixture } from '../imports/import-fixture';

/**
 * The Telegram lists are revalidated by their version row (issue 37 target 4, migration 0048,
 * docs/decisions/0023): the ETag comes from the row that statement triggers renew in every writing
 * transaction, and a full answer is the bytes kept per process for that version and query. Whatever
 * writes the tables (the API, an import, a restore of a revision, plain SQL, another process) must give
 * both lists a new tag and the next request the new data; nothing else may.
 */
const CHANNELS = '/api/common/tg-channels?take=1000&page=1';
const CATEGORIES = '/api/common/tg-categories';
const BROWSER = 'gzip, deflate, br, zstd';

let f: ImportFixture;
let news = 0;
let films = 0;
beforeAll(async () => {
  f = await importFixture();
  news = (await f.call('POST', '/api/common/tg-categories', { title: 'Новости' }, 'editor')).json().id;
  films = (await f.call('POST', '/api/common/tg-categories', { title: 'Кино' }, 'editor')).json().id;
  for (const [title, username, categoryId] of [
    ['Утро', 'morning_news', news],
    ['Вечер', 'evening_news', news],
    ['Премьеры', 'film_premieres', films],
  ] as const)
    await f.call('POST', '/api/common/tg-channels', { title, username, categoryId }, 'editor');
});
afterAll(() => f.t.close());

const get = (url: string, headers: Record<string, string> = {}, app = f.t.app) =>
  app.inject({ url, headers: { 'api-token': f.tokens.editor, ...headers } });
const tagOf = (response: LightMyRequestResponse) => String(response.headers.etag);
type Channel = { id: number; title: string; username: string; categoryId: number };
const channels = async (): Promise<Channel[]> => (await get(CHANNELS)).json().items;
const channelNamed = async (username: string) => {
  const found = (await channels()).find((channel) => channel.username === username);
  if (!found) throw new Error(`no channel ${username}`);
  return found;
};

describe('an unchanged list', () => {
  it.each([CHANNELS, CATEGORIES])('%s: 304 with its tag, and the same bytes in every encoding', async (url) => {
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const tag = tagOf(first);
    expect(tag).toMatch(/^W\/"[0-9a-f]{32}[tn]-[\w-]{16}"$/);
    const again = await get(url);
    expect(tagOf(again)).toBe(tag);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    // Neither the role nor the language changes the answer, so neither changes the tag.
    expect(tagOf(await get(url, { 'api-token': f.tokens.admin, 'accept-language': 'en' }))).toBe(tag);
    const revalidated = await get(url, { 'if-none-match': tag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');

    // The encodings are made once per version and sent as they are: each decodes to the same JSON.
    const br = await get(url, { 'accept-encoding': BROWSER });
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    const plain = await get(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(first.body);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    if (first.rawPayload.length >= 1024) {
      expect(br.headers['content-encoding']).toBe('br');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(first.body);
      expect((await get(url, { 'accept-encoding': BROWSER })).rawPayload.equals(br.rawPayload)).toBe(true);
    } else {
      expect(br.body).toBe(first.body);
    }
    for (const answer of [br, gzip, plain]) expect(tagOf(answer)).toBe(tag);
  });

  it('is not read again: a 304 and a full answer in any encoding come from the version row and the cache', async () => {
    const [first] = await Promise.all([get(CHANNELS), get(CATEGORIES)]);
    const pages = vi.spyOn(channelsRepository, 'page');
    const counts = vi.spyOn(channelsRepository, 'count');
    const categories = vi.spyOn(categoriesRepository, 'listWithCounts');
    try {
      for (const headers of [
        {} as Record<string, string>,
        { 'if-none-match': tagOf(first) },
        { 'accept-encoding': BROWSER },
        { 'accept-encoding': 'gzip' },
      ])
        for (const url of [CHANNELS, CATEGORIES]) expect((await get(url, headers)).statusCode).toBeLessThan(400);
      expect([pages.mock.calls.length, counts.mock.calls.length, categories.mock.calls.length]).toEqual([0, 0, 0]);
      // A write: each list is read once more, then kept again.
      await f.call('POST', '/api/common/tg-categories', { id: news, title: 'Новости' });
      for (let i = 0; i < 3; i++) await Promise.all([get(CHANNELS), get(CATEGORIES)]);
      expect([pages.mock.calls.length, counts.mock.calls.length, categories.mock.calls.length]).toEqual([1, 1, 1]);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('keeps the guard first: no token is 401 and a planner 403, even with the current tag', async () => {
    for (const url of [CHANNELS, CATEGORIES]) {
      const tag = tagOf(await get(url));
      expect((await f.t.app.inject({ url, headers: { 'if-none-match': tag } })).statusCode).toBe(401);
      expect((await get(url, { 'api-token': f.tokens.user, 'if-none-match': tag })).statusCode).toBe(403);
    }
  });
});

describe('two queries', () => {
  it('have their own tags and answers', async () => {
    const all = await get(CHANNELS);
    const firstOne = await get('/api/common/tg-channels?take=1&page=1');
    const secondOne = await get('/api/common/tg-channels?take=1&page=2');
    expect(new Set([tagOf(all), tagOf(firstOne), tagOf(secondOne)]).size).toBe(3);
    const items = all.json().items as Channel[];
    expect(firstOne.json().items).toEqual([items[0]]);
    expect(secondOne.json().items).toEqual([items[1]]);
    // One query's tag is not another's copy, and asking again answers each from its own entry.
    const crossed = await get(CHANNELS, { 'if-none-match': tagOf(firstOne) });
    expect(crossed.statusCode).toBe(200);
    expect(crossed.body).toBe(all.body);
    expect((await get('/api/common/tg-channels?take=1&page=2')).body).toBe(secondOne.body);
    // The same query written in another order is the same query.
    expect(tagOf(await get('/api/common/tg-channels?page=1&take=1000'))).toBe(tagOf(all));
  });
});

/** Each write, and what the next answer must show for it. */
const writes: [string, () => Promise<(items: Channel[], categories: { id: number; title: string }[]) => void>][] = [
  [
    'a new channel',
    async () => {
      await f.call('POST', '/api/common/tg-channels', { title: 'Ночь', username: 'night_news', categoryId: news });
      return (items) => expect(items.map((channel) => channel.username)).toContain('night_news');
    },
  ],
  [
    'a channel renamed',
    async () => {
      const { id } = await channelNamed('morning_news');
      expect((await f.call('POST', '/api/common/tg-channels', { id, title: 'Доброе утро' })).statusCode).toBe(200);
      return (items) => expect(items.find((channel) => channel.id === id)?.title).toBe('Доброе утро');
    },
  ],
  [
    'a channel deleted',
    async () => {
      const { id } = await channelNamed('night_news');
      expect((await f.call('DELETE', `/api/common/tg-channels/${id}`)).statusCode).toBe(200);
      return (items) => expect(items.map((channel) => channel.id)).not.toContain(id);
    },
  ],
  [
    'a new order',
    async () => {
      const items = await channels();
      const inNews = items.filter((channel) => channel.categoryId === news).map((channel) => channel.id);
      const inFilms = items.filter((channel) => channel.categoryId === films).map((channel) => channel.id);
      const layout = {
        categories: [
          { id: films, channelIds: inFilms },
          { id: news, channelIds: [...inNews].reverse() },
        ],
      };
      expect((await f.call('POST', '/api/common/tg-channels/reorder', layout)).statusCode).toBe(200);
      return (after) => expect(after.map((channel) => channel.id)).toEqual([...inFilms, ...[...inNews].reverse()]);
    },
  ],
  [
    'a category renamed',
    async () => {
      expect((await f.call('POST', '/api/common/tg-categories', { id: films, title: 'Кинопремьеры' })).statusCode).toBe(
        200,
      );
      return (_, categories) =>
        expect(categories.find((category) => category.id === films)?.title).toBe('Кинопремьеры');
    },
  ],
  [
    'an import of channels',
    async () => {
      const file = iconv.encode(
        ['Название;Ссылка;Категория;Описание;Опубликован', 'Из файла;@from_the_file;Новости;;да'].join('\r\n'),
        'windows-1251',
      );
      expect(await f.run(file, { kind: 'tg-channels', onInvalid: 'skip' }, 'editor')).toMatchObject({ imported: 1 });
      return (items) => expect(items.map((channel) => channel.username)).toContain('from_the_file');
    },
  ],
  [
    'a revision restored',
    async () => {
      const { id } = await channelNamed('morning_news');
      const history = (await f.call('GET', `/api/common/tg-channels/${id}/revisions`)).json();
      const created = history.items.at(-1).id;
      const restored = await f.call('POST', `/api/common/tg-channels/${id}/revisions/${created}/restore`);
      expect(restored.statusCode, restored.body).toBe(200);
      return (items) => expect(items.find((channel) => channel.id === id)?.title).toBe('Утро');
    },
  ],
  [
    'plain SQL behind the API’s back',
    async () => {
      await f.t.database.db.execute(sql`UPDATE tg_channels SET title = 'Из psql' WHERE username = 'evening_news'`);
      return (items) => expect(items.find((channel) => channel.username === 'evening_news')?.title).toBe('Из psql');
    },
  ],
  [
    'a category deleted with its channels moved',
    async () => {
      const gone = (await f.call('POST', '/api/common/tg-categories', { title: 'Временная' })).json().id;
      await f.call('POST', '/api/common/tg-channels', { title: 'Гость', username: 'guest_channel', categoryId: gone });
      const before = await get(CATEGORIES);
      const removed = await f.call('DELETE', `/api/common/tg-categories/${gone}?moveTo=${news}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(tagOf(await get(CATEGORIES))).not.toBe(tagOf(before));
      return (items, categories) => {
        expect(categories.map((category) => category.id)).not.toContain(gone);
        expect(items.find((channel) => channel.username === 'guest_channel')?.categoryId).toBe(news);
      };
    },
  ],
];

describe('a write', () => {
  it.each(writes)('%s gives both lists a new tag and the next request the new data', async (_, write) => {
    // Each list answered (and so cached) before the write, in two encodings.
    const before = await Promise.all([get(CHANNELS), get(CATEGORIES), get(CHANNELS, { 'accept-encoding': BROWSER })]);
    const expectNew = await write();
    const [list, categories] = await Promise.all([
      get(CHANNELS, { 'if-none-match': tagOf(before[0]) }),
      get(CATEGORIES, { 'if-none-match': tagOf(before[1]) }),
    ]);
    expect(list.statusCode).toBe(200);
    expect(categories.statusCode).toBe(200);
    expect(tagOf(list)).not.toBe(tagOf(before[0]));
    expect(tagOf(categories)).not.toBe(tagOf(before[1]));
    expectNew(list.json().items, categories.json().items);
    // Encoded again for the new version (below 1 kB an answer goes as it is, as the plugin sends it).
    const compressed = await get(CHANNELS, { 'accept-encoding': BROWSER });
    expect(compressed.headers['content-encoding']).toBe(list.rawPayload.length >= 1024 ? 'br' : undefined);
    const decoded = compressed.headers['content-encoding']
      ? brotliDecompressSync(compressed.rawPayload)
      : compressed.rawPayload;
    expect(decoded.toString()).toBe(list.body);
    // The new answer is current: the next request with its tag is a 304.
    expect((await get(CHANNELS, { 'if-none-match': tagOf(list) })).statusCode).toBe(304);
  });

  it('a transaction rolled back changes nothing', async () => {
    const before = await get(CHANNELS);
    await f.t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE tg_channels SET title = 'Откат'`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const after = await get(CHANNELS, { 'if-none-match': tagOf(before) });
    expect(after.statusCode).toBe(304);
  });
});

describe('a second API process over the same database', () => {
  let second: TestApp;
  let other: Database | undefined;
  beforeAll(async () => {
    // On PostgreSQL a database of its own (its own pool), as another process has; PGlite has one connection.
    const url = (f.t.database.pool as unknown as { options?: { connectionString?: string } } | undefined)?.options
      ?.connectionString;
    if (testDbKind === 'postgres' && url) other = await openDatabase({ url });
    second = await buildTestApp({ database: other ?? f.t.database });
  });
  afterAll(async () => {
    // The shared PGlite is closed by the fixture's app; a database of our own is closed with its app.
    if (other) await second.close();
  });

  it('sees the first one’s write at its next request, from its own cache until then', async () => {
    const warm = await get(CHANNELS, {}, second.app);
    expect(warm.statusCode).toBe(200);
    expect(tagOf(await get(CHANNELS, {}, second.app))).toBe(tagOf(warm));
    const { id } = await channelNamed('film_premieres');
    expect((await f.call('POST', '/api/common/tg-channels', { id, title: 'Премьеры недели' })).statusCode).toBe(200);
    const next = await get(CHANNELS, { 'if-none-match': tagOf(warm) }, second.app);
    expect(next.statusCode).toBe(200);
    expect((next.json().items as Channel[]).find((channel) => channel.id === id)?.title).toBe('Премьеры недели');
    // Both processes now name the same data with the same tag.
    expect(tagOf(next)).toBe(tagOf(await get(CHANNELS)));
    const categories = await get(CATEGORIES, {}, second.app);
    await f.call('POST', '/api/common/tg-categories', { id: news, title: 'Новости дня' });
    const renamed = await get(CATEGORIES, { 'if-none-match': tagOf(categories) }, second.app);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().items.find((category: { id: number }) => category.id === news)?.title).toBe('Новости дня');
  });
});

describe('the answer cache', () => {
  it('keeps one version per query, within its limits, and shares one read between requests that miss together', async () => {
    const cache = new AnswerCache({ entries: 2, bytes: 1000 });
    let reads = 0;
    const load = (json: string) => async () => {
      reads += 1;
      return json;
    };
    const [a, b] = await Promise.all([cache.get('q1', 'v1', load('{"a":1}')), cache.get('q1', 'v1', load('{"a":1}'))]);
    expect(a).toBe(b);
    expect(reads).toBe(1);
    // A new version replaces the query's entry; another query has its own.
    expect((await cache.get('q1', 'v2', load('{"a":2}'))).json.toString()).toBe('{"a":2}');
    await cache.get('q2', 'v2', load('{"b":2}'));
    await cache.get('q3', 'v2', load('{"c":2}'));
    expect(cache.size).toBe(2);
    await cache.get('q1', 'v2', load('{"a":2}'));
    expect(reads).toBe(5);
    // Past the bytes allowed, the least recently used go first.
    await cache.get('big', 'v2', load(`"${'x'.repeat(995)}"`));
    expect(cache.size).toBe(1);
    // A failed read is not kept.
    await expect(
      cache.get('q4', 'v2', async () => {
        throw new Error('down');
      }),
    ).rejects.toThrow('down');
    expect((await cache.get('q4', 'v2', load('{}'))).json.toString()).toBe('{}');
  });

  it('chooses the encoding as the compression plugin does', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('deflate, zstd')).toBeNull();
    expect(chooseEncoding(BROWSER)).toBe('br');
    expect(chooseEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('gzip');
    expect(chooseEncoding('x-gzip')).toBe('gzip');
  });
});
