import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionPlans } from '../../src/db/schema';
import { JPEG, multipartBody, PNG_1PX } from '../helpers/multipart';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let tokens: Record<string, string> = {};
const yearly = {
  title: 'Годовая подписка',
  price: 199000,
  period: 'year',
  durationDays: 365,
  features: ['Без рекламы'],
};

beforeAll(async () => {
  t = await buildTestApp();
  ({ tokens } = await t.accounts(['admin', 'editor', 'user']));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, role = 'admin') =>
  t.app.inject({ method, url, payload, headers: { 'api-token': tokens[role] ?? '' } });
const planCount = async () => (await t.database.db.select().from(subscriptionPlans)).length;

describe('plans', () => {
  let planId = 0;

  it('an admin creates a plan; everyone on staff lists it', async () => {
    const created = await call('POST', '/api/subscriptions/desc', yearly);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ ...yearly, enabled: true, currency: 'RUB', icon: null });
    planId = created.json().id;
    const list = await call('GET', '/api/subscriptions/desc', undefined, 'editor');
    expect(list.json()).toMatchObject({ count: 1, items: [{ id: planId, title: 'Годовая подписка' }] });
    expect((await call('GET', '/api/subscriptions/desc', undefined, 'user')).statusCode).toBe(403);
  });

  it.each([
    ['a negative price', { price: -1 }, 'price', 'too_small'],
    ['a fractional price', { price: 10.5 }, 'price', 'invalid_type'],
    ['days inconsistent with the period', { period: 'month', durationDays: 365 }, 'durationDays', 'mismatch'],
    ['an unknown period', { period: 'week' }, 'period', 'invalid'],
    ['an empty title', { title: ' ' }, 'title', 'too_short'],
  ])('refuses %s, creating nothing', async (_name, change, field, fieldCode) => {
    const before = await planCount();
    const response = await call('POST', '/api/subscriptions/desc', { ...yearly, title: 'Другой', ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { [field]: fieldCode } });
    expect(await planCount()).toBe(before);
  });

  it('keeps titles unique, case-insensitively', async () => {
    const response = await call('POST', '/api/subscriptions/desc', { ...yearly, title: 'ГОДОВАЯ ПОДПИСКА' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PLAN_TITLE_TAKEN', errors: { title: 'taken' } });
  });

  it('only admins create plans and switch them on and off', async () => {
    expect((await call('POST', '/api/subscriptions/desc', { ...yearly, title: 'X' }, 'editor')).statusCode).toBe(403);
    expect(
      (await call('GET', `/api/subscriptions/desc/${planId}/manage/disable`, undefined, 'editor')).statusCode,
    ).toBe(403);
    const disabled = await call('GET', `/api/subscriptions/desc/${planId}/manage/disable`);
    expect(disabled.json().enabled).toBe(false);
    expect((await call('GET', `/api/subscriptions/desc/${planId}/manage/enable`)).json().enabled).toBe(true);
    expect((await call('GET', `/api/subscriptions/desc/${planId}/manage/toggle`)).statusCode).toBe(400);
    const missing = await call('GET', '/api/subscriptions/desc/9999/manage/enable');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('PLAN_NOT_FOUND');
  });

  it('editors edit texts but not the commercial terms', async () => {
    const texts = await call(
      'PATCH',
      `/api/subscriptions/desc/${planId}`,
      { description: 'Весь год', features: ['A', 'B'] },
      'editor',
    );
    expect(texts.statusCode).toBe(200);
    expect(texts.json()).toMatchObject({ description: 'Весь год', features: ['A', 'B'] });
    const price = await call('PATCH', `/api/subscriptions/desc/${planId}`, { price: 1 }, 'editor');
    expect(price.statusCode).toBe(403);
    expect(price.json().code).toBe('ADMIN_ONLY_FIELDS');
    const adminPrice = await call('PATCH', `/api/subscriptions/desc/${planId}`, { price: 249000 });
    expect(adminPrice.json().price).toBe(249000);
    const inconsistent = await call('PATCH', `/api/subscriptions/desc/${planId}`, { period: 'month' });
    expect(inconsistent.statusCode).toBe(400);
    expect(inconsistent.json()).toMatchObject({ code: 'DURATION_MISMATCH', errors: { durationDays: 'mismatch' } });
  });

  const uploadIcon = (bytes: Buffer, name: string, type: string, role = 'admin') => {
    const body = multipartBody('icon', name, type, bytes);
    return t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/desc/${planId}/icon`,
      payload: body.payload,
      headers: { ...body.headers, 'api-token': tokens[role] ?? '' },
    });
  };

  it('takes PNG/JPEG/WebP icons from admins and editors', async () => {
    const png = await uploadIcon(PNG_1PX, 'i.png', 'image/png', 'editor');
    expect(png.statusCode, png.body).toBe(200);
    expect(png.json().icon).toMatch(/^plan-icons\/[0-9a-f-]{36}\.png$/);
    expect((await uploadIcon(JPEG, 'i.jpg', 'image/jpeg')).json().icon).toMatch(/\.jpg$/);
  });

  it.each([
    [
      'SVG (never stored unsanitised)',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'i.svg',
      'image/svg+xml',
      415,
      'FILE_TYPE_UNSUPPORTED',
    ],
    [
      'HTML renamed .png',
      Buffer.from('<!doctype html><script>1</script>'),
      'i.png',
      'image/png',
      415,
      'FILE_TYPE_UNSUPPORTED',
    ],
    [
      'an icon over 1 MB',
      Buffer.concat([PNG_1PX, Buffer.alloc(1_100_000)]),
      'i.png',
      'image/png',
      413,
      'FILE_TOO_LARGE',
    ],
  ])('refuses %s', async (_name, bytes, name, type, status, code) => {
    const before = (await call('GET', '/api/subscriptions/desc')).json().items[0].icon;
    const refused = await uploadIcon(bytes, name, type);
    expect(refused.statusCode).toBe(status);
    expect(refused.json().code).toBe(code);
    expect((await call('GET', '/api/subscriptions/desc')).json().items[0].icon).toBe(before);
  });
});
