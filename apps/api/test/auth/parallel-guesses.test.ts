import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.createUser({ email: 'target@pult.test', role: 'admin' });
});
afterAll(() => t.close());

const guess = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/signin', payload: { email, password } });

describe('guesses sent in parallel', () => {
  it('check at most the per-account limit, and the right password as guess 31 does not get in', async () => {
    const passwords = Array.from({ length: 40 }, (_, i) => (i === 30 ? PASSWORD : `wrong-${i}`));
    const answers = await Promise.all(passwords.map((password) => guess('target@pult.test', password)));
    const statuses = answers.map((answer) => answer.statusCode);
    // A 401 is a guess that was checked against the hash; the limit is 5 per account.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(35);
    expect(statuses[30]).not.toBe(200);
    expect(statuses).not.toContain(200);
  });

  it('forgot-password requests in parallel send at most the per-address limit of mails', async () => {
    await t.createUser({ email: 'forgetful@pult.test', role: 'editor' });
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        t.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: 'forgetful@pult.test' } }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 429).length).toBeGreaterThanOrEqual(15);
    expect(t.mailer.sent.length).toBeLessThanOrEqual(10);
  });
});
