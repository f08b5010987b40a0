import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.createUser({ email: 'editor@pult.test', role: 'editor' });
  await t.createUser({ email: 'user@pult.test', role: 'user' });
});
afterAll(() => t.close());

const me = (token: string) => t.app.inject({ url: '/api/users/me', headers: { 'api-token': token } });
const changePassword = (token: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/me/password',
    payload: body as object,
    headers: { 'api-token': token },
  });

describe('the profile', () => {
  it('changing one’s password ends every other session and keeps this one', async () => {
    const here = await t.signin('editor@pult.test');
    const elsewhere = await t.signin('editor@pult.test');
    const response = await changePassword(here.apiToken, {
      currentPassword: PASSWORD,
      newPassword: 'a much better passphrase',
    });
    expect(response.statusCode).toBe(200);
    expect((await me(here.apiToken)).statusCode).toBe(200);
    expect((await me(elsewhere.apiToken)).statusCode).toBe(401);
    await t.signin('editor@pult.test', 'a much better passphrase');
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { email: 'editor@pult.test', password: PASSWORD },
    });
    expect(old.statusCode).toBe(401);
  });

  it('needs the current password and a new one of 8+ characters', async () => {
    const session = await t.signin('editor@pult.test', 'a much better passphrase');
    const wrong = await changePassword(session.apiToken, { currentPassword: 'nope', newPassword: 'whatever123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', errors: { currentPassword: 'mismatch' } });
    const short = await changePassword(session.apiToken, {
      currentPassword: 'a much better passphrase',
      newPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toMatchObject({ newPassword: 'too_short' });
  });

  it('stores the interface language', async () => {
    const session = await t.signin('editor@pult.test', 'a much better passphrase');
    const headers = { 'api-token': session.apiToken };
    expect((await t.app.inject({ url: '/api/users/me/preferences', headers })).json()).toEqual({ locale: 'ru' });
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me/preferences',
      payload: { locale: 'fr' },
      headers,
    });
    expect(saved.json()).toEqual({ locale: 'fr' });
    expect((await t.app.inject({ url: '/api/users/me/preferences', headers })).json()).toEqual({ locale: 'fr' });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me/preferences',
      payload: { locale: 'de' },
      headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('is for staff only', async () => {
    const planner = await t.signin('user@pult.test');
    expect(
      (await t.app.inject({ url: '/api/users/me/preferences', headers: { 'api-token': planner.apiToken } })).statusCode,
    ).toBe(403);
    expect(
      (await changePassword(planner.apiToken, { currentPassword: PASSWORD, newPassword: 'x'.repeat(10) })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/users/me/preferences' })).statusCode).toBe(401);
  });
});
