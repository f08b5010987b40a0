import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, type TestApp } from '../helpers/test-app';
import { codeAt, enrol, post } from '../mfa/totp-helpers';

/** Issue 31: after signing in, a staff member is told of the refused sign-ins since the previous one. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signin = (email: string, password: string, ip = '198.51.100.1') =>
  t.app.inject({ method: 'POST', url: '/api/users/signin', payload: { email, password }, remoteAddress: ip });

describe('the failed sign-ins notice', () => {
  it('counts the refusals since the last sign-in, with the last one’s time and address; once', async () => {
    await t.createUser({ email: 'anna@pult.test', role: 'admin' });
    expect((await signin('anna@pult.test', PASSWORD)).json().failedSignIns).toBeNull();

    await signin('anna@pult.test', 'guess-1', '203.0.113.5');
    t.clock.advance(60_000);
    const lastAt = t.clock.now().toISOString();
    await signin('anna@pult.test', 'guess-2', '203.0.113.7');
    t.clock.advance(60_000);
    const answer = await signin('anna@pult.test', PASSWORD);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().failedSignIns).toEqual({ count: 2, lastAt, lastIp: '203.0.113.7' });

    // Told once: the next sign-in starts counting afresh.
    expect((await signin('anna@pult.test', PASSWORD)).json().failedSignIns).toBeNull();
  });

  it('wrong second-factor codes count too, and the answer of the code step carries the notice', async () => {
    await t.createUser({ email: 'boris@pult.test', role: 'editor' });
    const { apiToken } = await t.signin('boris@pult.test');
    const { secret } = await enrol(t, apiToken);
    const challenge = (await signin('boris@pult.test', PASSWORD)).json();
    expect(challenge.mfaRequired).toBe(true);
    expect(challenge.failedSignIns).toBeUndefined();
    await post(t, '/api/users/signin/mfa', { mfaToken: challenge.mfaToken, code: '000000' });
    await signin('boris@pult.test', 'guess', '203.0.113.9');
    const again = (await signin('boris@pult.test', PASSWORD)).json();
    const done = await post(t, '/api/users/signin/mfa', {
      mfaToken: again.mfaToken,
      code: codeAt(secret, t.clock.now()),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().failedSignIns).toMatchObject({ count: 2, lastIp: '203.0.113.9' });
  });

  it('another account’s failures are not counted; a planner’s answer has no notice; a refresh leaves it out', async () => {
    await t.createUser({ email: 'vera@pult.test', role: 'editor' });
    await t.createUser({ email: 'planner@pult.test', role: 'user' });
    await signin('anna@pult.test', 'guess');
    expect((await signin('vera@pult.test', PASSWORD)).json().failedSignIns).toBeNull();
    await signin('planner@pult.test', 'guess');
    const planner = (await signin('planner@pult.test', PASSWORD)).json();
    expect(planner).not.toHaveProperty('failedSignIns');
    const vera = (await signin('vera@pult.test', PASSWORD)).json();
    const refreshed = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/refresh-token',
      payload: { token: vera.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).not.toHaveProperty('failedSignIns');
  });
});
