import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.createUser({ email: 'editor@pult.test', role: 'editor' });
  await t.createUser({ email: 'blocked@pult.test', role: 'editor', status: 'blocked' });
});
afterAll(() => t.close());

const forgot = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email } });
const reset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/reset-password', payload: { token, password } });
const tokenFromLastMail = () => {
  const link = t.mailer.sent.at(-1)?.link;
  if (!link) throw new Error('no mail sent');
  const url = new URL(link);
  expect(url.origin + url.pathname).toBe('http://pult.test/auth/reset-password');
  return url.searchParams.get('token') ?? '';
};

describe('password reset', () => {
  it('answers 200 for every e-mail but mails only existing active accounts', async () => {
    for (const email of ['nobody@pult.test', 'blocked@pult.test']) {
      const response = await forgot(email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
    }
    expect(t.mailer.sent).toHaveLength(0);
    expect((await forgot('Editor@pult.test')).statusCode).toBe(200);
    expect(t.mailer.sent).toHaveLength(1);
    expect(t.mailer.sent[0]?.to).toBe('editor@pult.test');
    expect(t.mailer.sent[0]?.text).toContain(t.mailer.sent[0]?.link);
  });

  it('names the project from the settings in the subject', async () => {
    expect(t.mailer.sent.at(-1)?.subject).toBe('Pult: восстановление пароля');
    await t.createUser({ email: 'admin@pult.test', role: 'admin' });
    const { apiToken } = await t.signin('admin@pult.test');
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/api/common/settings',
      payload: { projectName: 'Планер Плюс' },
      headers: { 'api-token': apiToken },
    });
    expect(renamed.statusCode).toBe(200);
    await forgot('editor@pult.test');
    expect(t.mailer.sent.at(-1)?.subject).toBe('Планер Плюс: восстановление пароля');
  });

  it('sets the new password once, and ends every session of the account', async () => {
    const before = await t.signin('editor@pult.test');
    await forgot('editor@pult.test');
    const token = tokenFromLastMail();
    const response = await reset(token, 'a brand new password');
    expect(response.statusCode).toBe(200);

    const me = await t.app.inject({ url: '/api/users/me', headers: { 'api-token': before.apiToken } });
    expect(me.statusCode).toBe(401);
    const oldPassword = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { email: 'editor@pult.test', password: PASSWORD },
    });
    expect(oldPassword.statusCode).toBe(401);
    await t.signin('editor@pult.test', 'a brand new password');

    const again = await reset(token, 'yet another password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ statusCode: 400, code: 'RESET_TOKEN_INVALID', errors: { token: 'invalid' } });
  });

  it('refuses a link older than one hour and changes nothing', async () => {
    await forgot('editor@pult.test');
    const token = tokenFromLastMail();
    t.clock.advance(3600_000);
    expect((await reset(token, 'too late password')).statusCode).toBe(400);
    await t.signin('editor@pult.test', 'a brand new password');
  });

  it('validates the new password and keeps the token usable after a refusal', async () => {
    await forgot('editor@pult.test');
    const token = tokenFromLastMail();
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { password: 'too_short' } });
    expect((await reset(token, 'long enough now')).statusCode).toBe(200);
  });
});
