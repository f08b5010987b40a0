import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, type TestApp } from '../helpers/test-app';
import { codeAt, enrol, post } from './totp-helpers';

let t: TestApp;
let secret: string;
let recoveryCodes: string[];
beforeAll(async () => {
  t = await buildTestApp();
  await t.createUser({ email: 'admin@pult.test', role: 'admin' });
  await t.createUser({ email: 'plain@pult.test', role: 'editor' });
  ({ secret, recoveryCodes } = await enrol(t, (await t.signin('admin@pult.test')).apiToken));
});
afterAll(() => t.close());

const password = (email = 'admin@pult.test', pass = PASSWORD) =>
  post(t, '/api/users/signin', { email, password: pass });
const second = (mfaToken: string, code: string) => post(t, '/api/users/signin/mfa', { mfaToken, code });
const me = (token: string) => t.app.inject({ url: '/api/users/me', headers: { 'api-token': token } });
const now = () => t.clock.now();

describe('signing in with a second factor', () => {
  it('the password alone answers mfaRequired and no token; the code then answers like a plain sign-in', async () => {
    const first = await password();
    expect(first.statusCode).toBe(200);
    const challenge = first.json();
    expect(challenge).toEqual({
      mfaRequired: true,
      mfaToken: expect.any(String),
      methods: ['totp', 'recovery'],
      enrolmentRequired: false,
    });
    expect(challenge.apiToken).toBeUndefined();
    const done = await second(challenge.mfaToken, codeAt(secret, now()));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ email: 'admin@pult.test', role: 'admin', apiToken: expect.any(String) });
    expect(done.json().recoveryCodes).toBeUndefined();
    expect((await me(done.json().apiToken)).statusCode).toBe(200);
    // The token worked once.
    t.clock.advance(30_000);
    const again = await second(challenge.mfaToken, codeAt(secret, now()));
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('MFA_TOKEN_INVALID');
  });

  it('a code is never accepted twice, even with a fresh token', async () => {
    t.clock.advance(30_000);
    const code = codeAt(secret, now());
    expect((await second((await password()).json().mfaToken, code)).statusCode).toBe(200);
    const replay = await second((await password()).json().mfaToken, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('MFA_CODE_INVALID');
  });

  it('accepts one step of drift either way, not two', async () => {
    t.clock.advance(90_000);
    const early = codeAt(secret, new Date(now().getTime() - 30_000));
    expect((await second((await password()).json().mfaToken, early)).statusCode).toBe(200);
    t.clock.advance(90_000);
    const late = codeAt(secret, new Date(now().getTime() + 30_000));
    expect((await second((await password()).json().mfaToken, late)).statusCode).toBe(200);
    t.clock.advance(90_000);
    const tooOld = codeAt(secret, new Date(now().getTime() - 60_000));
    expect((await second((await password()).json().mfaToken, tooOld)).statusCode).toBe(401);
  });

  it('a recovery code works once, in any case and with or without dashes', async () => {
    const [code] = recoveryCodes as [string];
    const typed = code.replace(/-/g, '').toLowerCase();
    expect((await second((await password()).json().mfaToken, typed)).statusCode).toBe(200);
    const again = await second((await password()).json().mfaToken, code);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('MFA_CODE_INVALID');
  });

  it('the token lives 5 minutes', async () => {
    const { mfaToken } = (await password()).json();
    t.clock.advance(5 * 60_000 + 1);
    const late = await second(mfaToken, codeAt(secret, now()));
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('MFA_TOKEN_INVALID');
  });

  it('a wrong password never reaches the second step, and an account without a factor signs in as before', async () => {
    expect((await password('admin@pult.test', 'wrong password')).statusCode).toBe(401);
    const plain = await password('plain@pult.test');
    expect(plain.statusCode).toBe(200);
    expect(plain.json().apiToken).toEqual(expect.any(String));
    expect(plain.json().mfaRequired).toBeUndefined();
  });

  it('refuses bad bodies with the fields named', async () => {
    const bad = await post(t, '/api/users/signin/mfa', { mfaToken: '', code: 5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ mfaToken: 'too_short', code: 'invalid_type' });
    expect((await second('not-a-token', '123456')).json().code).toBe('MFA_TOKEN_INVALID');
  });

  it('wrong codes sent in parallel are checked at most the sign-in limit, and the right one then waits', async () => {
    t.clock.advance(20 * 60_000); // a fresh limiter window
    const { mfaToken } = (await password()).json();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => second(mfaToken, String(100000 + i).padStart(6, '0'))),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    // 5 attempts per account per window; the password took one.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(4);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(26);
    expect(statuses).not.toContain(200);
    const right = await second(mfaToken, codeAt(secret, now()));
    expect(right.statusCode).toBe(429);
  });
});

describe('a password reset', () => {
  it('keeps the factor and signs nobody in', async () => {
    t.clock.advance(20 * 60_000);
    await post(t, '/api/users/forgot-password', { email: 'admin@pult.test' });
    const link = t.mailer.sent.at(-1)?.link ?? '';
    const token = new URL(link).searchParams.get('token');
    const reset = await post(t, '/api/users/reset-password', { token, password: 'a brand new passphrase' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ ok: true });
    const after = await password('admin@pult.test', 'a brand new passphrase');
    expect(after.json()).toMatchObject({ mfaRequired: true, methods: ['totp', 'recovery'] });
    expect(after.json().apiToken).toBeUndefined();
  });
});
