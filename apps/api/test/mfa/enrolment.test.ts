import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { buildTestApp, PASSWORD, type TestApp } from '../helpers/test-app';
import { codeAt, enrol, post } from './totp-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.createUser({ email: 'editor@pult.test', role: 'editor' });
  await t.createUser({ email: 'admin@pult.test', role: 'admin' });
  await t.createUser({ email: 'user@pult.test', role: 'user' });
  await t.createUser({ email: 'remover@pult.test', role: 'editor' });
});
afterAll(() => t.close());

const status = async (token: string) =>
  (await t.app.inject({ url: '/api/profile/mfa', headers: { 'api-token': token } })).json();

describe('enrolling an authenticator', () => {
  it('answers a secret and its otpauth URI, confirms with a first code, and gives 10 recovery codes once', async () => {
    const session = await t.signin('editor@pult.test');
    const other = await t.signin('editor@pult.test');
    expect(await status(session.apiToken)).toMatchObject({ totp: false, recoveryCodesLeft: 0, required: false });
    const started = await post(t, '/api/profile/mfa/totp', undefined, session.apiToken);
    expect(started.statusCode).toBe(200);
    const { secret, otpauthUri } = started.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(otpauthUri).toMatch(
      /^otpauth:\/\/totp\/Pult:editor%40pult\.test\?issuer=Pult&.*algorithm=SHA1&digits=6&period=30/,
    );

    const wrong = await post(t, '/api/profile/mfa/totp/confirm', { code: '000000' }, session.apiToken);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('MFA_CODE_INVALID');
    // Not yet confirmed: signing in still needs the password only.
    expect((await t.signin('editor@pult.test')).apiToken).toBeTruthy();

    const confirmed = await post(
      t,
      '/api/profile/mfa/totp/confirm',
      { code: codeAt(secret, t.clock.now()) },
      session.apiToken,
    );
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(await status(session.apiToken)).toMatchObject({ totp: true, recoveryCodesLeft: 10 });

    // The sessions that predate the factor end; this one stays.
    expect((await t.app.inject({ url: '/api/users/me', headers: { 'api-token': other.apiToken } })).statusCode).toBe(
      401,
    );
    // A confirmed factor is not replaced behind the owner's back.
    expect((await post(t, '/api/profile/mfa/totp', undefined, session.apiToken)).statusCode).toBe(409);

    // Neither the secret nor a recovery code is stored or audited as such.
    const stored = JSON.stringify(await queryRows(t.database.db, sql`SELECT * FROM recovery_codes`));
    for (const code of recoveryCodes) expect(stored).not.toContain(code);
    const audit = JSON.stringify(await queryRows(t.database.db, sql`SELECT * FROM audit_events`));
    expect(audit).not.toContain(secret);
    expect(audit).toContain('enrol-mfa');
  });

  it('confirming without a started enrolment is 409, and a plain user cannot enrol', async () => {
    const session = await t.signin('admin@pult.test');
    const confirm = await post(t, '/api/profile/mfa/totp/confirm', { code: '123456' }, session.apiToken);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().code).toBe('MFA_NOT_ENROLLED');
    const user = await t.signin('user@pult.test');
    expect((await post(t, '/api/profile/mfa/totp', undefined, user.apiToken)).statusCode).toBe(403);
    expect((await post(t, '/api/profile/mfa/totp')).statusCode).toBe(401);
  });

  it('refuses a malformed code with the field named', async () => {
    const session = await t.signin('admin@pult.test');
    const bad = await post(t, '/api/profile/mfa/totp/confirm', { code: 12 }, session.apiToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ code: 'invalid_type' });
  });

  it('removing the factor needs the password and a current code', async () => {
    const session = await t.signin('remover@pult.test');
    const { secret } = await enrol(t, session.apiToken);
    const code = () => codeAt(secret, t.clock.now());
    const noPassword = await post(
      t,
      '/api/profile/mfa/totp/remove',
      { password: 'wrong one', code: code() },
      session.apiToken,
    );
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().code).toBe('INVALID_CREDENTIALS');
    const noCode = await post(
      t,
      '/api/profile/mfa/totp/remove',
      { password: PASSWORD, code: '000000' },
      session.apiToken,
    );
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().code).toBe('MFA_CODE_INVALID');
    const removed = await post(
      t,
      '/api/profile/mfa/totp/remove',
      { password: PASSWORD, code: code() },
      session.apiToken,
    );
    expect(removed.statusCode).toBe(200);
    expect(await status(session.apiToken)).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
    expect((await t.signin('remover@pult.test')).apiToken).toBeTruthy();
  });
});
