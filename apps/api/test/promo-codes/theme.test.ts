import { DEFAULT_PROMO_THEME } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, PNG_1PX } from '../helpers/multipart';
import { type PromoFixture, promoFixture } from './promo-fixture';

let f: PromoFixture;
let seriesId = 0;

beforeAll(async () => {
  f = await promoFixture();
  seriesId = (await f.createSeries({ codesCount: 1 })).id;
});
afterAll(() => f.t.close());

const upload = (kind: string, bytes: Buffer, type = 'image/png', field = 'image', ifMatch?: number) => {
  const body = multipartBody(field, 'x.png', type, bytes);
  return f.t.app.inject({
    method: 'POST',
    url: `/api/promo-codes/${seriesId}/${kind}`,
    payload: body.payload,
    headers: {
      ...body.headers,
      'api-token': f.tokens.editor,
      ...(ifMatch === undefined ? {} : { 'if-match': `"${ifMatch}"` }),
    },
  });
};

/** The stored files of one kind of theme image. */
const storedFiles = async (kind: string) => {
  const keys: string[] = [];
  for await (const key of f.t.app.storage.list()) if (key.startsWith(`promo-${kind}s/`)) keys.push(key);
  return keys.sort();
};

describe('the promo theme', () => {
  it('starts from the defaults', async () => {
    expect((await f.call('GET', `/api/promo-codes/${seriesId}/theme`)).json()).toEqual({
      ...DEFAULT_PROMO_THEME,
      version: 1,
    });
  });

  it('takes partial colour and text changes and keeps the rest', async () => {
    const response = await f.call('PATCH', `/api/promo-codes/${seriesId}/theme`, {
      colors: { primary: '#24a772' },
      texts: { headline: 'Весна <b>скидок</b>' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      colors: { ...DEFAULT_PROMO_THEME.colors, primary: '#24a772' },
      texts: { ...DEFAULT_PROMO_THEME.texts, headline: 'Весна <b>скидок</b>' },
    });
  });

  it.each([
    ['a colour that is not #rrggbb', { colors: { primary: 'red' } }],
    ['CSS injection in a colour', { colors: { text: '#000000;background:url(x)' } }],
    ['an empty button text', { texts: { buttonText: '' } }],
    ['an overlong headline', { texts: { headline: 'x'.repeat(121) } }],
    ['an unknown key', { layout: 'grid' }],
    ['images through PATCH', { images: { logo: 'http://evil/x.png' } }],
  ])('refuses %s and changes nothing', async (_name, body) => {
    const before = (await f.call('GET', `/api/promo-codes/${seriesId}/theme`)).json();
    expect((await f.call('PATCH', `/api/promo-codes/${seriesId}/theme`, body)).statusCode).toBe(400);
    expect((await f.call('GET', `/api/promo-codes/${seriesId}/theme`)).json()).toEqual(before);
  });

  it('takes back the whole document GET answered, with one text edited (images unchanged)', async () => {
    const read = (await f.call('GET', `/api/promo-codes/${seriesId}/theme`)).json();
    const edited = { ...read, texts: { ...read.texts, subtitle: 'Прочитано, изменено, сохранено' } };
    const response = await f.call('PATCH', `/api/promo-codes/${seriesId}/theme`, edited);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ...edited, version: read.version + 1 });
  });

  it('refuses a changed image in a PATCH, naming the field, and an unknown key next to a whole document', async () => {
    const read = (await f.call('GET', `/api/promo-codes/${seriesId}/theme`)).json();
    const changed = await f.call('PATCH', `/api/promo-codes/${seriesId}/theme`, {
      ...read,
      images: { ...read.images, banner: 'promo-banners/other.png' },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { 'images.banner': 'not_allowed' } });
    const unknown = await f.call('PATCH', `/api/promo-codes/${seriesId}/theme`, { ...read, layout: 'grid' });
    expect(unknown.statusCode).toBe(400);
  });

  it('stores logo, background and banner images, checked by content', async () => {
    for (const kind of ['logo', 'background', 'banner']) {
      const response = await upload(kind, PNG_1PX);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().images[kind]).toMatch(new RegExp(`^promo-${kind}s/[0-9a-f-]{36}\\.png$`));
    }
    expect(
      (await upload('logo', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml')).statusCode,
    ).toBe(415);
    expect((await upload('logo', Buffer.concat([PNG_1PX, Buffer.alloc(10 * 1_048_576)]))).statusCode).toBe(413);
    expect((await upload('favicon', PNG_1PX)).statusCode).toBe(400);
    expect((await upload('logo', PNG_1PX, 'image/png', 'file')).statusCode).toBe(400);
  });

  it('replaces an image: the new file is served, the old one is gone', async () => {
    const first = (await upload('logo', PNG_1PX)).json().images.logo as string;
    const second = (await upload('logo', PNG_1PX)).json().images.logo as string;
    expect(second).not.toBe(first);
    expect((await f.t.app.inject({ url: `/files/${second}` })).statusCode).toBe(200);
    expect((await f.t.app.inject({ url: `/files/${first}` })).statusCode).toBe(404);
  });

  it('honours If-Match on an upload and a removal: a stale version is 412 with the theme now, its file not kept', async () => {
    const { version } = (await f.call('GET', `/api/promo-codes/${seriesId}/theme`)).json();
    const first = await upload('background', PNG_1PX, 'image/png', 'image', version);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().version).toBe(version + 1);
    expect(first.headers.etag).toBe(`"${version + 1}"`);
    const kept = await storedFiles('background');
    expect(kept).toEqual([first.json().images.background]);

    const stale = await upload('background', PNG_1PX, 'image/png', 'image', version);
    expect(stale.statusCode).toBe(412);
    expect(stale.headers.etag).toBe(`"${version + 1}"`);
    expect(stale.json()).toMatchObject({
      code: 'STALE_VERSION',
      current: { images: { background: first.json().images.background }, version: version + 1 },
    });
    expect(await storedFiles('background')).toEqual(kept);
    // A tag that is not ours matches no version.
    expect(
      (
        await f.t.app.inject({
          method: 'POST',
          url: `/api/promo-codes/${seriesId}/background`,
          ...(() => {
            const body = multipartBody('image', 'x.png', 'image/png', PNG_1PX);
            return {
              payload: body.payload,
              headers: { ...body.headers, 'api-token': f.tokens.editor, 'if-match': 'W/"x"' },
            };
          })(),
        })
      ).statusCode,
    ).toBe(412);

    const remove = (ifMatch: number) =>
      f.t.app.inject({
        method: 'DELETE',
        url: `/api/promo-codes/${seriesId}/background`,
        headers: { 'api-token': f.tokens.editor, 'if-match': `"${ifMatch}"` },
      });
    expect((await remove(version)).statusCode).toBe(412);
    expect(await storedFiles('background')).toEqual(kept);
    const removed = await remove(version + 1);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().images.background).toBeNull();
  });

  it('lets one of two uploads over the same version win: the other is 412 and leaves no file', async () => {
    const { version, images } = (await f.call('GET', `/api/promo-codes/${seriesId}/theme`)).json();
    const before = await storedFiles('logo');
    const answers = await Promise.all([1, 2].map(() => upload('logo', PNG_1PX, 'image/png', 'image', version)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 412]);
    const won = answers.find((answer) => answer.statusCode === 200)?.json();
    expect(won.version).toBe(version + 1);
    const after = await storedFiles('logo');
    // The winner's file replaced the one before it; the loser's is gone.
    expect(after).toEqual([won.images.logo]);
    expect(before).toEqual(images.logo ? [images.logo] : []);
  });

  it('refuses an upload for an unknown series with SERIES_NOT_FOUND and stores nothing', async () => {
    const body = multipartBody('image', 'x.png', 'image/png', PNG_1PX);
    const response = await f.t.app.inject({
      method: 'POST',
      url: '/api/promo-codes/9999/logo',
      payload: body.payload,
      headers: { ...body.headers, 'api-token': f.tokens.editor },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('SERIES_NOT_FOUND');
  });

  it('removes an image: the slot empties, the file goes, a second removal changes nothing', async () => {
    const key = (await upload('banner', PNG_1PX)).json().images.banner as string;
    const file = () => f.t.app.inject({ url: `/files/${key}` });
    expect((await file()).statusCode).toBe(200);
    const remove = (role: 'editor' | 'user' = 'editor', kind = 'banner', id = seriesId) =>
      f.call('DELETE', `/api/promo-codes/${id}/${kind}`, undefined, role);
    expect((await remove('user')).statusCode).toBe(403);
    const removed = await remove();
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().images.banner).toBeNull();
    expect(removed.json().images.logo).toMatch(/^promo-logos\//);
    expect((await file()).statusCode).toBe(404);
    expect((await f.call('GET', `/api/promo-codes/${seriesId}/theme`)).json().images.banner).toBeNull();
    expect((await remove()).json().images.banner).toBeNull();
    expect((await remove('editor', 'favicon')).statusCode).toBe(400);
    expect((await remove('editor', 'banner', 9999)).statusCode).toBe(404);
  });

  it('is edited by staff only', async () => {
    expect(
      (await f.call('PATCH', `/api/promo-codes/${seriesId}/theme`, { texts: { headline: 'x' } }, 'user')).statusCode,
    ).toBe(403);
    expect((await f.call('GET', '/api/promo-codes/9999/theme')).json()).toMatchObject({
      statusCode: 404,
      code: 'SERIES_NOT_FOUND',
    });
  });
});

describe('the public landing page /promo/:id', () => {
  it('draws the theme, escaping every text', async () => {
    const response = await f.t.app.inject({ url: `/promo/${seriesId}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('Весна &lt;b&gt;скидок&lt;/b&gt;');
    expect(response.body).not.toContain('<b>скидок</b>');
    expect(response.body).toContain('background:#24a772');
    expect(response.body).toMatch(/<img class="logo" src="\/files\/promo-logos\/[0-9a-f-]+\.png"/);
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['content-security-policy']).not.toContain('script-src');
  });

  it('is not shown for a disabled or unknown series', async () => {
    await f.call('GET', `/api/promo-codes/${seriesId}/manage/disable`);
    expect((await f.t.app.inject({ url: `/promo/${seriesId}` })).statusCode).toBe(404);
    await f.call('GET', `/api/promo-codes/${seriesId}/manage/enable`);
    expect((await f.t.app.inject({ url: '/promo/987654' })).statusCode).toBe(404);
    expect((await f.t.app.inject({ url: '/promo/abc' })).statusCode).toBe(400);
  });
});
