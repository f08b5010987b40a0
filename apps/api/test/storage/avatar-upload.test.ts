import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JPEG, multipartBody, PNG_1PX, WEBP } from '../helpers/multipart';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
let userId = 0;

beforeAll(async () => {
  t = await buildTestApp();
  await t.createUser({ email: 'admin@pult.test', role: 'admin' });
  await t.createUser({ email: 'editor@pult.test', role: 'editor' });
  userId = await t.createUser({ email: 'person@pult.test' });
  for (const role of ['admin', 'editor']) tokens[role] = (await t.signin(`${role}@pult.test`)).apiToken;
});
afterAll(() => t.close());

const upload = (
  bytes: Buffer,
  options: { field?: string; name?: string; type?: string; token?: string; id?: number } = {},
) => {
  const body = multipartBody(options.field ?? 'avatar', options.name ?? 'me.png', options.type ?? 'image/png', bytes);
  return t.app.inject({
    method: 'POST',
    url: `/api/users/${options.id ?? userId}/avatar`,
    payload: body.payload,
    headers: { ...body.headers, 'api-token': options.token ?? tokens.admin ?? '' },
  });
};
const currentAvatar = async () =>
  (await t.app.inject({ url: `/api/users/${userId}`, headers: { 'api-token': tokens.admin ?? '' } })).json().avatar;

describe('POST /users/:id/avatar (local storage)', () => {
  it.each([
    ['PNG', PNG_1PX, 'png'],
    ['JPEG', JPEG, 'jpg'],
    ['WebP', WEBP, 'webp'],
  ])('stores a %s under a random name and serves it from /files', async (_kind, bytes, ext) => {
    const response = await upload(bytes, { name: '../../etc/passwd.png' });
    expect(response.statusCode, response.body).toBe(200);
    const avatar: string = response.json().avatar;
    expect(avatar).toMatch(new RegExp(`^avatars/[0-9a-f-]{36}\\.${ext}$`));
    const served = await t.app.inject({ url: `/files/${avatar}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('removes the previous file when a new avatar replaces it', async () => {
    const first = (await upload(PNG_1PX)).json().avatar;
    const second = (await upload(JPEG)).json().avatar;
    const root = join(t.app.env.dataDir, 'files');
    expect(existsSync(join(root, first))).toBe(false);
    expect(readFileSync(join(root, second)).equals(JPEG)).toBe(true);
  });

  it.each([
    ['HTML renamed .png', Buffer.from('<html><script>alert(1)</script></html>'), 'evil.png', 'image/png'],
    [
      'SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'a.svg',
      'image/svg+xml',
    ],
    ['a GIF', Buffer.from('GIF89a........'), 'a.gif', 'image/gif'],
    ['an empty file', Buffer.alloc(0), 'a.png', 'image/png'],
  ])('refuses %s with 415 and keeps the old avatar', async (_name, bytes, name, type) => {
    const before = await currentAvatar();
    const response = await upload(bytes, { name, type });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      statusCode: 415,
      code: 'FILE_TYPE_UNSUPPORTED',
      errors: { avatar: 'unsupported_type' },
    });
    expect(await currentAvatar()).toBe(before);
  });

  it('refuses files over 1 MB with 413', async () => {
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(1_048_576)]);
    const response = await upload(big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'FILE_TOO_LARGE', errors: { avatar: 'too_large' } });
  });

  it('refuses a wrong field, a non-multipart body, an unknown user and editors', async () => {
    expect((await upload(PNG_1PX, { field: 'picture' })).statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/users/${userId}/avatar`,
      payload: { avatar: 'x' },
      headers: { 'api-token': tokens.admin ?? '' },
    });
    expect(json.statusCode).toBe(400);
    expect((await upload(PNG_1PX, { id: 987654 })).statusCode).toBe(404);
    expect((await upload(PNG_1PX, { token: tokens.editor })).statusCode).toBe(403);
  });

  it('tells the SPA where relative file paths live', async () => {
    const response = await t.app.inject({ url: '/api/config' });
    expect(response.json()).toMatchObject({ filesBaseUrl: '/files' });
  });
});
