import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_CACHE_MS } from '../../src/modules/settings';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { codeAt, enrol, post } from './totp-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  await t.createUser({ email: 'admin@pult.test', role: 'admin' });
  await t.createUser({ email: 'second-admin@pult.test', role: 'admin' });
  await t.createUser({ email: 'editor@pult.test', role: 'editor' });
  await t.createUser({ email: 'lost-phone@pult.test', role: 'editor' });
  await t.createUser({ email: 'user@pult.test', role: 'user' });
  admin = (await t.signin('admin@pult.test')).apiToken;
});
afterAll(() => t.close());

const setPolicy = async (roles: string[]) => {
  const response = await t.app.inject({
    method: 'PATCH',
    url: '/api/common/settings',
    payload: { secondFactorRequiredFor: roles },
    headers: { 'api-token': admin },
  });
  expect(response.statusCode).toBe(200);
  t.clock.advance(SETTINGS_CACHE_MS + 1);
  return response.json();
};
const password = (email: string) => post(t, '/api/users/signin', { email, password: 'correct horse battery' });
const me = (token: string) => t.app.inject({ url: '/api/users/me', headers: { 'api-token': token } });

describe('the policy in the settings', () => {
  it('is nobody by default, and refuses roles it does not know', async () => {
    const settings = await t.app.inject({ url: '/api/common/settings', headers: { 'api-token': admin } });
    expect(settings.json()).toMatchObject({ secondFactorRequiredFor: [], sessionIdleMinutes: 30 });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/common/settings',
      payload: { secondFactorRequiredFor: ['user'], sessionIdleMinutes: 2 },
      headers: { 'api-token': admin },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['secondFactorRequiredFor.0', 'sessionIdleMinutes']);
  });

  it('required for admins: an admin without a factor enrols during the sign-in, before any session exists', async () => {
    await setPolicy(['admin']);
    // Editors are not concerned.
    expect((await password('editor@pult.test')).json().apiToken).toEqual(expect.any(String));
    const first = (await password('second-admin@pult.test')).json();
    expect(first).toEqual({ mfaRequired: true, mfaToken: expect.any(String), methods: [], enrolmentRequired: true });
    // No code can finish it before an authenticator is set up.
    expect((await post(t, '/api/users/signin/mfa', { mfaToken: first.mfaToken, code: '123456' })).statusCode).toBe(401);
    const enrolment = await post(t, '/api/users/signin/mfa/totp', { mfaToken: first.mfaToken });
    expect(enrolment.statusCode).toBe(200);
    const { secret, otpauthUri } = enrolment.json();
    expect(otpauthUri).toContain(secret);
    const done = await post(t, '/api/users/signin/mfa', {
      mfaToken: first.mfaToken,
      code: codeAt(secret, t.clock.now()),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().recoveryCodes).toHaveLength(10);
    expect((await me(done.json().apiToken)).statusCode).toBe(200);
    // From now on the factor is asked for like anyone's.
    t.clock.advance(30_000);
    expect((await password('second-admin@pult.test')).json()).toMatchObject({ methods: ['totp', 'recovery'] });
    // The enrolment step is only for an account without a factor.
    const again = (await password('second-admin@pult.test')).json();
    expect((await post(t, '/api/users/signin/mfa/totp', { mfaToken: again.mfaToken })).statusCode).toBe(401);
    await setPolicy([]);
  });

  it('the profile says when the policy requires a factor of one’s role', async () => {
    await setPolicy(['editor']);
    const editor = (await password('editor@pult.test')).json();
    expect(editor.enrolmentRequired).toBe(true);
    const status = await t.app.inject({ url: '/api/profile/mfa', headers: { 'api-token': admin } });
    expect(status.json().required).toBe(false);
    await setPolicy([]);
  });
});

describe('an admin resets a colleague’s factors', () => {
  it('removes them, ends every session of theirs, and is audited', async () => {
    const session = await t.signin('lost-phone@pult.test');
    await enrol(t, session.apiToken);
    const id = (await me(session.apiToken)).json().id;
    expect((await password('lost-phone@pult.test')).json().mfaRequired).toBe(true);

    const editor = (await t.signin('editor@pult.test')).apiToken;
    expect((await post(t, `/api/users/${id}/mfa/reset`, undefined, editor)).statusCode).toBe(403);
    const reset = await post(t, `/api/users/${id}/mfa/reset`, undefined, admin);
    expect(reset.statusCode).toBe(200);
    expect((await me(session.apiToken)).statusCode).toBe(401);
    expect((await password('lost-phone@pult.test')).json().apiToken).toEqual(expect.any(String));
    const audit = await t.app.inject({ url: '/api/audit-events?action=reset-mfa', headers: { 'api-token': admin } });
    expect(JSON.stringify(audit.json())).toContain('reset-mfa');
    expect((await post(t, '/api/users/999999/mfa/reset', undefined, admin)).statusCode).toBe(404);
  });
});
