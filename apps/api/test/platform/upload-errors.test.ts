import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1PX } from '../helpers/multipart';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let token = '';
let planId = 0;

beforeAll(async () => {
  t = await buildTestApp();
  await t.createUser({ email: 'admin@pult.test', role: 'admin' });
  token = (await t.signin('admin@pult.test')).apiToken;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/subscriptions/desc',
    headers: { 'api-token': token },
    payload: { title: 'Год', price: 100, period: 'year', durationDays: 365, features: [] },
  });
  planId = created.json().id;
});
afterAll(() => t.close());

const upload = (contentType: string, payload: Buffer | string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/subscriptions/desc/${planId}/icon`,
    headers: { 'api-token': token, 'content-type': contentType },
    payload,
  });

describe('malformed multipart uploads', () => {
  it.each([
    ['no boundary', 'multipart/form-data'],
    ['an empty boundary', 'multipart/form-data; boundary='],
    ['a boundary the body does not use', 'multipart/form-data; boundary=xyz'],
  ])('answer 400 in the error shape for %s', async (_name, contentType) => {
    const response = await upload(contentType, Buffer.concat([Buffer.from('--abc\r\n'), PNG_1PX]));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: expect.any(String) });
  });

  it('a body cut short inside a part is a 400 too', async () => {
    const head =
      '--b\r\nContent-Disposition: form-data; name="icon"; filename="i.png"\r\nContent-Type: image/png\r\n\r\n';
    const response = await upload('multipart/form-data; boundary=b', Buffer.concat([Buffer.from(head), PNG_1PX]));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().statusCode).toBe(400);
  });
});
