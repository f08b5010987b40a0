import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { auditEvents, subscriptionPlans, users } from '../../src/db/schema';
import { buildTestApp, PASSWORD, type TestApp } from '../helpers/test-app';
import { SoftAuthenticator } from '../mfa/soft-authenticator';
import { codeAt, enrol } from '../mfa/totp-helpers';

/** Issue 31: the dangerous actions need a proof from the last 5 minutes, else 403 STEP_UP_REQUIRED. */
let t: TestApp;
let planId: number;
let plannerId: number;
const STALE_MS = 5 * 60_000 + 1_000;

beforeAll(async () => {
  t = await buildTestApp();
  await t.createUser({ email: 'admin@pult.test', role: 'admin' });
  await t.createUser({ email: 'editor@pult.test', role: 'editor' });
  plannerId = await t.createUser({ email: 'planner@pult.test', role: 'user' });
  const [plan] = await t.database.db
    .insert(subscriptionPlans)
    .values({ title: 'Месяц', price: 29900, period: 'month', durationDays: 30 })
    .returning();
  planId = plan?.id ?? 0;
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { 'api-token': token } });

/** A session signed in more than 5 minutes ago: its sign-in no longer counts as a fresh proof. */
async function staleSession(email: string): Promise<string> {
  const { apiToken } = await t.signin(email);
  t.clock.advance(STALE_MS);
  return apiToken;
}

const stepUp = (token: string, body: object) => call(token, 'POST', '/api/profile/step-up', body);

const expectStepUp = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json()).toMatchObject({ statusCode: 403, code: 'STEP_UP_REQUIRED' });
};

const auditCount = async (action: string) =>
  (
    await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, action as never))
  ).length;

let serial = 0;
const freshUser = (role: 'user' | 'editor' = 'user') => t.createUser({ email: `u${++serial}@pult.test`, role });

/** Each action of issue 31's list, as an admin makes it: the request, and what «allowed» answers. */
const actions: Array<{ name: string; run: (token: string) => Promise<LightMyRequestResponse> }> = [
  {
    name: 'creating a staff account',
    run: (token) =>
      call(token, 'POST', '/api/users', { email: `staff${++serial}@pult.test`, role: 'editor', password: PASSWORD }),
  },
  {
    name: 'changing a role',
    run: async (token) => call(token, 'POST', `/api/users/${await freshUser()}`, { role: 'editor' }),
  },
  { name: 'exporting users', run: (token) => call(token, 'GET', '/api/users/export-data') },
  {
    name: 'exporting chosen users',
    run: (token) => call(token, 'POST', '/api/users/export-selected', { ids: [plannerId] }),
  },
  { name: 'exporting a person’s data', run: (token) => call(token, 'GET', `/api/users/${plannerId}/personal-data`) },
  { name: 'exporting a person’s consents', run: (token) => call(token, 'GET', `/api/users/${plannerId}/consents.csv`) },
  {
    name: 'anonymising a person',
    run: async (token) => {
      const id = await freshUser();
      return call(token, 'POST', `/api/users/${id}/anonymise`, { confirmation: `u${serial}@pult.test` });
    },
  },
  {
    name: 'changing the settings',
    run: (token) => call(token, 'PATCH', '/api/common/settings', { projectName: `P${++serial}` }),
  },
  {
    name: 'granting a subscription',
    run: (token) => call(token, 'GET', `/api/subscriptions/subscribe-by-admin/${plannerId}/${planId}`),
  },
  {
    name: 'resetting a colleague’s factors',
    run: async (token) => call(token, 'POST', `/api/users/${await freshUser('editor')}/mfa/reset`),
  },
  { name: 'enrolling an authenticator app', run: (token) => call(token, 'POST', '/api/profile/mfa/totp') },
  { name: 'registering a passkey', run: (token) => call(token, 'POST', '/api/profile/mfa/passkeys/options') },
];

describe('the dangerous actions', () => {
  for (const action of actions) {
    it(`${action.name}: 403 STEP_UP_REQUIRED on a stale session, then allowed after the password`, async () => {
      const email = `admin-${++serial}@pult.test`;
      await t.createUser({ email, role: 'admin' });
      const token = await staleSession(email);
      const audited = await auditCount('update');
      expectStepUp(await action.run(token));
      // A refused action writes nothing.
      expect(await auditCount('update')).toBe(audited);
      const proof = await stepUp(token, { password: PASSWORD });
      expect(proof.statusCode, proof.body).toBe(200);
      expect(new Date(proof.json().steppedUpUntil).getTime()).toBe(t.clock.now().getTime() + 5 * 60_000);
      const allowed = await action.run(token);
      expect(allowed.statusCode, allowed.body).toBe(200);
      // The proof holds 5 minutes, no longer.
      t.clock.advance(STALE_MS);
      expectStepUp(await action.run(token));
    });
  }

  it('a fresh sign-in is itself the proof', async () => {
    const { apiToken } = await t.signin('admin@pult.test');
    expect((await call(apiToken, 'GET', '/api/users/export-data')).statusCode).toBe(200);
  });

  it('everyday edits need none: a name, someone else’s e-mail, the same role again', async () => {
    const token = await staleSession('admin@pult.test');
    const id = await freshUser();
    expect((await call(token, 'POST', `/api/users/${id}`, { firstName: 'Анна', role: 'user' })).statusCode).toBe(200);
    expect((await call(token, 'POST', `/api/users/${id}`, { email: `other${serial}@pult.test` })).statusCode).toBe(200);
    expect(
      (await call(token, 'POST', '/api/users', { email: `planner${++serial}@pult.test`, role: 'user' })).statusCode,
    ).toBe(200);
  });

  it('one’s own e-mail or phone needs a proof', async () => {
    const email = `self-${++serial}@pult.test`;
    const id = await t.createUser({ email, role: 'admin' });
    const token = await staleSession(email);
    expectStepUp(await call(token, 'POST', `/api/users/${id}`, { email: `moved-${serial}@pult.test` }));
    expectStepUp(await call(token, 'POST', `/api/users/${id}`, { phoneNumber: '+79001234567' }));
    expect((await call(token, 'POST', `/api/users/${id}`, { firstName: 'Я' })).statusCode).toBe(200);
    const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, id));
    expect(row?.email).toBe(email);
  });

  it('a role restored from history needs a proof too', async () => {
    const token = (await t.signin('admin@pult.test')).apiToken;
    const id = (await call(token, 'POST', '/api/users', { email: `kept${++serial}@pult.test`, role: 'user' })).json()
      .id;
    await call(token, 'POST', `/api/users/${id}`, { role: 'editor' });
    const revisions = (await call(token, 'GET', `/api/users/${id}/revisions`)).json().items as Array<{ id: number }>;
    // The creation, when the account was a planner's.
    const first = Math.min(...revisions.map((revision) => revision.id));
    t.clock.advance(STALE_MS);
    expectStepUp(await call(token, 'POST', `/api/users/${id}/revisions/${first}/restore`));
  });

  it('a series above 100,000 codes needs a proof, a smaller one does not', async () => {
    const token = await staleSession('editor@pult.test');
    const body = (codesCount: number) => ({ name: 'Большая', codeLength: 10, codesCount, planId, durationDays: 30 });
    expectStepUp(await call(token, 'POST', '/api/promo-codes', body(100_001)));
    expect((await call(token, 'POST', '/api/promo-codes', body(100))).statusCode).toBe(200);
  });
  // A push to more than 100,000 devices: test/step-up/step-up-large-push.test.ts (PostgreSQL when configured).
});

describe('stepping up', () => {
  it('with a TOTP code or a recovery code when the account has a factor; a password is refused then', async () => {
    const email = `factor-${++serial}@pult.test`;
    await t.createUser({ email, role: 'editor' });
    const { apiToken } = await t.signin(email);
    const { secret, recoveryCodes } = await enrol(t, apiToken);
    t.clock.advance(STALE_MS);
    expectStepUp(await call(apiToken, 'POST', '/api/profile/mfa/passkeys/options'));

    const password = await stepUp(apiToken, { password: PASSWORD });
    expect(password.statusCode).toBe(400);
    expect(password.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { password: 'not_allowed' } });
    const wrong = await stepUp(apiToken, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('MFA_CODE_INVALID');

    const code = codeAt(secret, t.clock.now());
    expect((await stepUp(apiToken, { code })).statusCode).toBe(200);
    // The same code never works twice, here as at sign-in.
    t.clock.advance(STALE_MS);
    expect((await stepUp(apiToken, { code })).json().code).toBe('MFA_CODE_INVALID');
    const recovery = recoveryCodes[0] ?? '';
    expect((await stepUp(apiToken, { code: recovery })).statusCode).toBe(200);
    expect((await call(apiToken, 'POST', '/api/profile/mfa/passkeys/options')).statusCode).toBe(200);
    t.clock.advance(STALE_MS);
    expect((await stepUp(apiToken, { code: recovery })).json().code).toBe('MFA_CODE_INVALID');

    const steps = await queryRows<{ action: string; method: string }>(
      t.database.db,
      sql`SELECT action, after->>'method' AS method FROM audit_events WHERE action IN ('step-up', 'step-up-failed') AND entity_id = (SELECT id::text FROM users WHERE email = ${email}) ORDER BY id`,
    );
    expect(steps.map((row) => `${row.action}:${row.method}`)).toEqual([
      'step-up-failed:code',
      'step-up:totp',
      'step-up-failed:code',
      'step-up:recovery',
      'step-up-failed:code',
    ]);
  });

  it('a wrong password is refused and audited; wrong proofs are limited per account (429)', async () => {
    const email = `guess-${++serial}@pult.test`;
    await t.createUser({ email, role: 'editor' });
    const token = await staleSession(email);
    const wrong = await stepUp(token, { password: 'not the password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', errors: { password: 'mismatch' } });
    const answers = await Promise.all(Array.from({ length: 8 }, () => stepUp(token, { password: 'guess' })));
    expect(answers.filter((answer) => answer.statusCode === 429).length).toBeGreaterThanOrEqual(4);
    // Even the right password waits now: the limit is the account's.
    expect((await stepUp(token, { password: PASSWORD })).statusCode).toBe(429);
  });

  it('a code from an account without a factor, both proofs or none, and bad input are 400', async () => {
    const token = (await t.signin('editor@pult.test')).apiToken;
    const code = await stepUp(token, { code: '123456' });
    expect(code.statusCode).toBe(400);
    expect(code.json().errors).toMatchObject({ code: 'not_allowed' });
    expect((await stepUp(token, { code: '123456', password: PASSWORD })).statusCode).toBe(400);
    expect((await stepUp(token, {})).statusCode).toBe(400);
    expect((await stepUp(token, { password: 42 })).statusCode).toBe(400);
    expect((await stepUp(token, { password: 'x'.repeat(129) })).statusCode).toBe(400);
  });

  it('staff only: a planner account is 403 FORBIDDEN, no token 401', async () => {
    const planner = (await t.signin('planner@pult.test')).apiToken;
    const refused = await stepUp(planner, { password: PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/profile/step-up', payload: { password: PASSWORD } })).statusCode,
    ).toBe(401);
  });

  it('the proof belongs to the session: another session of the same person still has to step up', async () => {
    const email = `two-${++serial}@pult.test`;
    await t.createUser({ email, role: 'admin' });
    const first = (await t.signin(email)).apiToken;
    const second = (await t.signin(email)).apiToken;
    t.clock.advance(STALE_MS);
    expect((await stepUp(first, { password: PASSWORD })).statusCode).toBe(200);
    expect((await call(first, 'GET', '/api/users/export-data')).statusCode).toBe(200);
    expectStepUp(await call(second, 'GET', '/api/users/export-data'));
  });

  it('with a passkey: its signature over the session’s challenge, once; another origin or a replay is refused', async () => {
    const email = `key-${++serial}@pult.test`;
    await t.createUser({ email, role: 'admin' });
    const token = (await t.signin(email)).apiToken;
    const key = new SoftAuthenticator('http://pult.test');
    const registration = (await call(token, 'POST', '/api/profile/mfa/passkeys/options')).json();
    const added = await call(token, 'POST', '/api/profile/mfa/passkeys', {
      name: 'Ключ',
      response: key.register(registration),
    });
    expect(added.statusCode, added.body).toBe(200);
    t.clock.advance(STALE_MS);
    expectStepUp(await call(token, 'GET', '/api/users/export-data'));
    const options = async () => {
      const answer = await call(token, 'POST', '/api/profile/step-up/passkey/options');
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json();
    };
    const send = (response: unknown) => call(token, 'POST', '/api/profile/step-up/passkey', { response });

    const phished = await send(key.authenticate(await options(), { origin: 'https://evil.example' }));
    expect(phished.statusCode).toBe(400);
    expect(phished.json().code).toBe('PASSKEY_INVALID');
    // The challenge went with the refused answer: a right answer to it now finds nothing.
    const spent = await options();
    await send(key.authenticate(spent, { origin: 'https://evil.example' }));
    expect((await send(key.authenticate(spent))).json().code).toBe('PASSKEY_INVALID');

    const answer = key.authenticate(await options());
    const proof = await send(answer);
    expect(proof.statusCode, proof.body).toBe(200);
    expect((await call(token, 'GET', '/api/users/export-data')).statusCode).toBe(200);
    // The same signature again: its challenge is gone.
    expect((await send(answer)).statusCode).toBe(400);
    // A password is not accepted from an account with a factor.
    expect((await stepUp(token, { password: PASSWORD })).statusCode).toBe(400);
  });

  it('a passkey step-up without a passkey is 409 MFA_NOT_ENROLLED', async () => {
    const token = (await t.signin('editor@pult.test')).apiToken;
    const options = await call(token, 'POST', '/api/profile/step-up/passkey/options');
    expect(options.statusCode).toBe(409);
    expect(options.json().code).toBe('MFA_NOT_ENROLLED');
  });

  it('editors cannot reach the admin-only actions at all (403 FORBIDDEN, not a step-up)', async () => {
    const token = await staleSession('editor@pult.test');
    const refused = await call(token, 'GET', '/api/users/export-data');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
  });
});
