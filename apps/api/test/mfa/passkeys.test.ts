import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relyingPartyOf } from '../../src/modules/mfa/passkey-relying-party';
import { buildTestApp, PASSWORD, type TestApp } from '../helpers/test-app';
import { SoftAuthenticator } from './soft-authenticator';
import { post } from './totp-helpers';

/** PUBLIC_URL of the test app is http://pult.test: the relying party `pult.test` at that origin. */
const ORIGIN = 'http://pult.test';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.createUser({ email: 'admin@pult.test', role: 'admin' });
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.app.inject({ url, headers: { 'api-token': token } });
const password = (email: string) => post(t, '/api/users/signin', { email, password: PASSWORD });
const me = (token: string) => get('/api/users/me', token);
/** A fresh admin session each time: tests move the clock past the idle time-out. */
const adminToken = async () => (await t.signin('admin@pult.test')).apiToken;
const events = async (action: string) =>
  (await get(`/api/audit-events?action=${action}`, await adminToken())).json().items;

/** A staff member with a passkey registered through the API; answers its authenticator and session. */
async function withPasskey(email: string, role: 'admin' | 'editor' = 'editor') {
  await t.createUser({ email, role });
  const token = (await t.signin(email)).apiToken;
  const key = new SoftAuthenticator(ORIGIN);
  const options = (await post(t, '/api/profile/mfa/passkeys/options', undefined, token)).json();
  const added = await post(t, '/api/profile/mfa/passkeys', { name: 'Ноутбук', response: key.register(options) }, token);
  expect(added.statusCode, added.body).toBe(200);
  return { key, token, added: added.json() };
}

/** The second step with a passkey: the options for this mfaToken, then the authenticator's answer. */
async function passkeyStep(mfaToken: string, key: SoftAuthenticator, overrides: { origin?: string } = {}) {
  const options = await post(t, '/api/users/signin/mfa/passkey/options', { mfaToken });
  expect(options.statusCode, options.body).toBe(200);
  return post(t, '/api/users/signin/mfa/passkey', { mfaToken, response: key.authenticate(options.json(), overrides) });
}

describe('the relying party comes from PUBLIC_URL', () => {
  it('a domain is its own; a loopback address offers passkeys at its localhost twin; another IP has none', () => {
    expect(relyingPartyOf('https://admin.example.ru')).toEqual({
      id: 'admin.example.ru',
      origin: 'https://admin.example.ru',
    });
    expect(relyingPartyOf('https://admin.example.ru:8443/pult')).toEqual({
      id: 'admin.example.ru',
      origin: 'https://admin.example.ru:8443',
    });
    expect(relyingPartyOf('http://127.0.0.1:3000')).toEqual({ id: 'localhost', origin: 'http://localhost:3000' });
    expect(relyingPartyOf('http://[::1]:3000')).toEqual({ id: 'localhost', origin: 'http://localhost:3000' });
    expect(relyingPartyOf('http://localhost:3000')).toEqual({ id: 'localhost', origin: 'http://localhost:3000' });
    expect(relyingPartyOf('http://10.0.0.5:3000')).toBeNull();
  });
});

describe('registering passkeys', () => {
  it('options name this installation and the account by id; the answer stores a named passkey with recovery codes', async () => {
    await t.createUser({ email: 'first@pult.test', role: 'editor' });
    const token = (await t.signin('first@pult.test')).apiToken;
    const other = (await t.signin('first@pult.test')).apiToken;
    const options = (await post(t, '/api/profile/mfa/passkeys/options', undefined, token)).json();
    expect(options.rp).toMatchObject({ id: 'pult.test' });
    expect(options.user.name).toBe('first@pult.test');
    // The user handle is no personal data: not the e-mail.
    expect(Buffer.from(options.user.id, 'base64url').toString()).not.toContain('@');
    expect(options.attestation).toBe('none');
    const key = new SoftAuthenticator(ORIGIN);
    const added = await post(
      t,
      '/api/profile/mfa/passkeys',
      { name: ' Ноутбук ', response: key.register(options) },
      token,
    );
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({
      passkey: { id: expect.any(Number), name: 'Ноутбук', createdAt: expect.any(String), lastUsedAt: null },
      recoveryCodes: expect.arrayContaining([expect.stringMatching(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/)]),
    });
    expect(added.json().recoveryCodes).toHaveLength(10);
    // The caller's other session predates the factor and ends; this one stays.
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(200);
    expect((await get('/api/profile/mfa', token)).json()).toMatchObject({
      totp: false,
      passkeys: 1,
      recoveryCodesLeft: 10,
    });
    const list = (await get('/api/profile/mfa/passkeys', token)).json();
    expect(list).toEqual({ origin: ORIGIN, items: [added.json().passkey] });
    expect(JSON.stringify(list)).not.toContain(key.id);
    // A second passkey is no first factor: no new recovery codes.
    const second = new SoftAuthenticator(ORIGIN);
    const again = (await post(t, '/api/profile/mfa/passkeys/options', undefined, token)).json();
    expect(again.excludeCredentials).toEqual([expect.objectContaining({ id: key.id })]);
    const added2 = await post(
      t,
      '/api/profile/mfa/passkeys',
      { name: 'Ключ', response: second.register(again) },
      token,
    );
    expect(added2.statusCode).toBe(200);
    expect(added2.json().recoveryCodes).toBeUndefined();
    const id = String((await me(token)).json().id);
    const audit = (await events('enrol-mfa')).filter((e: { entityId: unknown }) => String(e.entityId) === id);
    expect(audit.map((e: { after: { method: string } }) => e.after.method)).toEqual(['webauthn', 'webauthn']);
  });

  it('refuses an answer to another challenge, origin or relying party, a replayed answer and a passkey registered twice', async () => {
    await t.createUser({ email: 'refusals@pult.test', role: 'editor' });
    const token = (await t.signin('refusals@pult.test')).apiToken;
    const key = new SoftAuthenticator(ORIGIN);
    const options = async () => (await post(t, '/api/profile/mfa/passkeys/options', undefined, token)).json();
    const add = (response: object) => post(t, '/api/profile/mfa/passkeys', { name: 'K', response }, token);
    for (const response of [
      key.register(await options(), { origin: 'https://evil.example' }),
      key.register(await options(), { rpId: 'evil.example' }),
      key.register({ ...(await options()), challenge: 'c29tZS1vdGhlci1jaGFsbGVuZ2U' }),
    ]) {
      const refused = await add(response);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('PASSKEY_INVALID');
    }
    // No options asked for: no challenge to answer.
    expect(
      (await add(key.register({ rp: { id: 'pult.test' }, challenge: 'bm8tY2hhbGxlbmdlLWF0LWFsbA' }))).json().code,
    ).toBe('PASSKEY_INVALID');
    const answer = key.register(await options());
    expect((await add(answer)).statusCode).toBe(200);
    // The challenge was taken once: the same answer again is refused, and the passkey is not registered twice.
    expect((await add(answer)).json().code).toBe('PASSKEY_INVALID');
    const twice = await add(key.register(await options()));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('PASSKEY_TAKEN');
    expect((await get('/api/profile/mfa/passkeys', token)).json().items).toHaveLength(1);
  });

  it('bad input is 400 with the fields; planner users and strangers are refused', async () => {
    const bad = await post(
      t,
      '/api/profile/mfa/passkeys',
      { name: '', response: { id: 'not base64url!' } },
      await adminToken(),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    const long = await post(t, '/api/profile/mfa/passkeys', { name: 'x'.repeat(65), response: {} }, await adminToken());
    expect(long.statusCode).toBe(400);
    await t.createUser({ email: 'planner@pult.test', role: 'user' });
    const planner = (await t.signin('planner@pult.test')).apiToken;
    expect((await get('/api/profile/mfa/passkeys', planner)).statusCode).toBe(403);
    expect((await post(t, '/api/profile/mfa/passkeys/options', undefined, planner)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/profile/mfa/passkeys' })).statusCode).toBe(401);
  });
});

describe('signing in with a passkey', () => {
  it('the password asks for the second factor; the passkey answers like a plain sign-in, once per mfaToken', async () => {
    const { key } = await withPasskey('signer@pult.test');
    const first = (await password('signer@pult.test')).json();
    expect(first).toEqual({
      mfaRequired: true,
      mfaToken: expect.any(String),
      methods: ['webauthn', 'recovery'],
      enrolmentRequired: false,
    });
    const options = (await post(t, '/api/users/signin/mfa/passkey/options', { mfaToken: first.mfaToken })).json();
    expect(options).toMatchObject({ rpId: 'pult.test', allowCredentials: [expect.objectContaining({ id: key.id })] });
    const done = await post(t, '/api/users/signin/mfa/passkey', {
      mfaToken: first.mfaToken,
      response: key.authenticate(options),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ email: 'signer@pult.test', apiToken: expect.any(String) });
    expect((await me(done.json().apiToken)).statusCode).toBe(200);
    // The mfaToken opened its one session.
    const again = await post(t, '/api/users/signin/mfa/passkey', {
      mfaToken: first.mfaToken,
      response: key.authenticate(options),
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('MFA_TOKEN_INVALID');
    const signins = (await events('signin')).filter(
      (e: { after: { method: string } }) => e.after.method === 'webauthn',
    );
    expect(signins.length).toBeGreaterThanOrEqual(1);
    const [passkey] = (await get('/api/profile/mfa/passkeys', done.json().apiToken)).json().items;
    expect(passkey.lastUsedAt).not.toBeNull();
  });

  it('refuses another origin, another account’s passkey, a counter that went back and a step with no options', async () => {
    const { key } = await withPasskey('careful@pult.test');
    const { key: stranger } = await withPasskey('stranger@pult.test');
    // Each try is a sign-in of its own, a quarter of an hour apart: the password counts against the limits too.
    const token = async () => {
      t.clock.advance(16 * 60_000);
      return (await password('careful@pult.test')).json().mfaToken as string;
    };
    for (const attempt of [
      () => token().then((m) => passkeyStep(m, key, { origin: 'https://evil.example' })),
      () => token().then((m) => passkeyStep(m, stranger)),
    ]) {
      const refused = await attempt();
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe('PASSKEY_INVALID');
    }
    // A clone: a signature whose counter is not ahead of the last one accepted.
    expect((await passkeyStep(await token(), key)).statusCode).toBe(200);
    key.counter -= 1;
    expect((await passkeyStep(await token(), key)).json().code).toBe('PASSKEY_INVALID');
    const noOptions = await post(t, '/api/users/signin/mfa/passkey', {
      mfaToken: await token(),
      response: key.authenticate({ rpId: 'pult.test', challenge: 'bm8tb3B0aW9ucy1hc2tlZA' }),
    });
    expect(noOptions.statusCode).toBe(401);
    expect((await events('signin-failed')).length).toBeGreaterThanOrEqual(4);
  });

  it('wrong answers count against the sign-in limits: the password and four refusals use the five attempts', async () => {
    const { key } = await withPasskey('limited@pult.test');
    const mfaToken = (await password('limited@pult.test')).json().mfaToken;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await passkeyStep(mfaToken, key, { origin: 'https://evil.example' })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const right = await passkeyStep(mfaToken, key);
    expect(right.statusCode).toBe(429);
  });

  it('options need a live mfaToken of an account with a passkey', async () => {
    expect((await post(t, '/api/users/signin/mfa/passkey/options', { mfaToken: 'nothing' })).json().code).toBe(
      'MFA_TOKEN_INVALID',
    );
    await t.createUser({ email: 'nokey@pult.test', role: 'editor' });
    const plain = await password('nokey@pult.test');
    expect(plain.json().apiToken).toEqual(expect.any(String));
  });
});

describe('naming and removing passkeys', () => {
  it('renames one’s own passkey only', async () => {
    const { token, added } = await withPasskey('renamer@pult.test');
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/profile/mfa/passkeys/${added.passkey.id}`,
      payload: { name: 'Рабочий MacBook' },
      headers: { 'api-token': token },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Рабочий MacBook');
    const foreign = await t.app.inject({
      method: 'PATCH',
      url: `/api/profile/mfa/passkeys/${added.passkey.id}`,
      payload: { name: 'Чужой' },
      headers: { 'api-token': await adminToken() },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('PASSKEY_NOT_FOUND');
  });

  it('removal needs the password; the last factor takes the recovery codes with it and the password alone signs in again', async () => {
    const { token, added } = await withPasskey('remover@pult.test');
    const url = `/api/profile/mfa/passkeys/${added.passkey.id}/remove`;
    const wrong = await post(t, url, { password: 'not the password' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    expect((await post(t, url, { password: PASSWORD }, await adminToken())).statusCode).toBe(404);
    expect((await post(t, url, { password: PASSWORD }, token)).statusCode).toBe(200);
    expect((await get('/api/profile/mfa/passkeys', token)).json().items).toEqual([]);
    // No factor left: a recovery code is no factor on its own, and the password signs in.
    expect((await password('remover@pult.test')).json().apiToken).toEqual(expect.any(String));
    expect((await events('remove-mfa')).some((e: { after: { method: string } }) => e.after.method === 'webauthn')).toBe(
      true,
    );
  });

  it('an admin’s reset of a colleague’s factors removes the passkeys too', async () => {
    const { token } = await withPasskey('lost@pult.test');
    const id = (await me(token)).json().id;
    expect((await post(t, `/api/users/${id}/mfa/reset`, undefined, await adminToken())).statusCode).toBe(200);
    expect((await password('lost@pult.test')).json().apiToken).toEqual(expect.any(String));
  });
});

describe('an installation published at a non-loopback IP address', () => {
  it('offers no passkeys and says why', async () => {
    const bare = await buildTestApp({ extraEnv: { PUBLIC_URL: 'http://10.0.0.5:3000' } });
    try {
      await bare.createUser({ email: 'ip@pult.test', role: 'admin' });
      const token = (await bare.signin('ip@pult.test')).apiToken;
      expect(
        (await bare.app.inject({ url: '/api/profile/mfa/passkeys', headers: { 'api-token': token } })).json(),
      ).toEqual({
        origin: null,
        items: [],
      });
      const options = await bare.app.inject({
        method: 'POST',
        url: '/api/profile/mfa/passkeys/options',
        headers: { 'api-token': token },
      });
      expect(options.statusCode).toBe(409);
      expect(options.json().code).toBe('PASSKEYS_UNAVAILABLE');
    } finally {
      await bare.close();
    }
  });
});
