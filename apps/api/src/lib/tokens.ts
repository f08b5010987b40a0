import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: well above the 128 bits a session token needs. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/**
 * Tokens are stored only as SHA-256 hashes. A fast hash is right here (unlike passwords):
 * the input already has 256 bits of entropy, so there is nothing to brute-force.
 */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** A key only the holder of `token` can derive: the database keeps the token's hash, never the token. */
const keyFrom = (token: string) => createHash('sha256').update(`pult-seal|${token}`).digest();

/**
 * Encrypts `plaintext` (AES-256-GCM) so that only someone presenting `token` can read it back. Used
 * to keep a rotated refresh token's successor pair: a client that retries the same refresh within
 * the grace window gets the same new pair, while the database alone (a backup, a leak) reveals nothing.
 */
export function sealFor(token: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(token), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The plaintext sealed for `token`, or null if the token is not the one it was sealed for. */
export function openWith(token: string, sealed: string): string | null {
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(token), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
