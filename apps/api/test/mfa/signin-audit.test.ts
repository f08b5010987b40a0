import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, type TestApp } from '../helpers/test-app';
import { codeAt, enrol } from './totp-helpers';

let t: TestApp;
let admin: string;
let secret: string;
beforeAll(async () => {
  t = await buildTestApp();
  await t.createUser({ email: 'admin@pult.test', role: 'admin' });
  await t.createUser({ email: 'editor@pult.test', role: 'editor' });
  await t.createUser({ email: 'blocked@pult.test', role: 'editor', status: 'blocked' });
  admin = (await t.signin('admin@pult.test')).apiToken;
  ({ secret } = await enrol(t, (await t.signin('editor@pult.test')).apiToken));
});
afterAll(() => t.close());

const UA = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0';
const signinFrom = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/signin',
    payload: { email, password },
    headers: { 'user-agent': UA, 'x-forwarded-for': '198.51.100.4' },
  });
const events = async (action: string) =>
  (await t.app.inject({ url: `/api/audit-events?action=${action}`, headers: { 'api-token': admin } })).json().items;

describe('sign-ins in the audit log', () => {
  it('a wrong password, a blocked account and a wrong code are each an event with the address and the browser', async () => {
    expect((await signinFrom('editor@pult.test', 'not the password')).statusCode).toBe(401);
    expect((await signinFrom('blocked@pult.test', PASSWORD)).statusCode).toBe(403);
    const { mfaToken } = (await signinFrom('editor@pult.test', PASSWORD)).json();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin/mfa',
      payload: { mfaToken, code: '000000' },
      headers: { 'user-agent': UA },
    });
    expect(wrong.statusCode).toBe(401);
    // An e-mail with no account is not written: it may be a password typed into the wrong field.
    expect((await signinFrom('Hunter2-typed-here', 'x')).statusCode).toBe(401);

    const failed = await events('signin-failed');
    const reasons = failed.map((event: { after: { reason: string } }) => event.after.reason).sort();
    expect(reasons).toEqual(['blocked', 'code', 'password']);
    for (const event of failed) {
      expect(event.after.userAgent).toBe(UA);
      expect(event.ip).toEqual(expect.any(String));
      expect(event.actorId).toBeNull();
    }
    expect(JSON.stringify(failed)).not.toContain('Hunter2');
  });

  it('a sign-in says how (password, code) and from which browser', async () => {
    const { mfaToken } = (await signinFrom('editor@pult.test', PASSWORD)).json();
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin/mfa',
      payload: { mfaToken, code: codeAt(secret, t.clock.now()) },
      headers: { 'user-agent': UA },
    });
    expect(done.statusCode).toBe(200);
    const signins = await events('signin');
    expect(signins.map((event: { after: { method: string } }) => event.after?.method)).toEqual(
      expect.arrayContaining(['password', 'totp']),
    );
    expect(signins.find((event: { after: { method: string } }) => event.after?.method === 'totp').after.userAgent).toBe(
      UA,
    );
  });
});
