import { createHash, randomInt } from 'node:crypto';

/** Ten codes per enrolment, as GitHub and Google give: enough to last until the device is back. */
export const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32 without I, L, O, U: nothing to misread on paper. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `XXXX-XXXX-XXXX`: 60 random bits each, so a stored hash cannot be walked back by trying them all. */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** How a typed code is compared: case, spaces and dashes do not matter. */
export const normalizeRecoveryCode = (code: string): string => code.toUpperCase().replace(/[\s-]/g, '');

/** Salted with the account, so one table-wide guess list does not fit every account at once. */
export const hashRecoveryCode = (userId: number, code: string): string =>
  createHash('sha256')
    .update(`pult-recovery|${userId}|${normalizeRecoveryCode(code)}`)
    .digest('base64url');

/** A recovery code, as opposed to a 6-digit TOTP code. */
export const looksLikeRecoveryCode = (code: string): boolean => normalizeRecoveryCode(code).length === 12;
