import { Secret, TOTP } from 'otpauth';
import type { TestApp } from '../helpers/test-app';

/** What an authenticator app shows for this secret at the test's clock (computed here, not by the server). */
export const codeAt = (secret: string, at: Date): string =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at.getTime(),
  });

export const post = (t: TestApp, url: string, payload?: object, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: token ? { 'api-token': token } : {} });

/** Enrols an authenticator for a signed-in account; answers its secret and recovery codes. */
export async function enrol(t: TestApp, token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { secret } = (await post(t, '/api/profile/mfa/totp', undefined, token)).json();
  const confirmed = await post(t, '/api/profile/mfa/totp/confirm', { code: codeAt(secret, t.clock.now()) }, token);
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.body}`);
  // The next code must come from a later step: the one just used never works again.
  t.clock.advance(30_000);
  return { secret, recoveryCodes: confirmed.json().recoveryCodes };
}
