import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** One step either side: a phone's clock a little off, or a code typed as it rolled over. */
const DRIFT_STEPS = 1;

const totpOf = (secret: string, label = '', issuer = '') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** A new 160-bit secret (RFC 4226's recommended length), base32 as apps expect it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** What the QR code carries: `otpauth://totp/Issuer:label?secret=…&issuer=…`. */
export const otpauthUri = (secret: string, label: string, issuer: string): string =>
  totpOf(secret, label, issuer).toString();

/** The 30-second step a time falls in. */
export const stepAt = (at: Date): number => Math.floor(at.getTime() / 1000 / PERIOD_SECONDS);

/**
 * The step of the accepted code, or null. The caller records the step and refuses any code of that
 * step or an earlier one afterwards, so a code seen over a shoulder or replayed never works twice.
 */
export function matchingStep(secret: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: at.getTime(), window: DRIFT_STEPS });
  return delta === null ? null : stepAt(at) + delta;
}

/** The code for a time: tests and the e2e compute what an app would show. */
export const totpCodeAt = (secret: string, at: Date): string => totpOf(secret).generate({ timestamp: at.getTime() });
