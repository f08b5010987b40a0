import { randomBytes } from 'node:crypto';
import { PROMO_ALPHABET } from '@pult/contract';

const SIZE = PROMO_ALPHABET.length;
/** Largest multiple of the alphabet size below 256: bytes at or above it are dropped, so no letter is likelier. */
const LIMIT = 256 - (256 % SIZE);

/**
 * `count` distinct codes of `length` random characters after `prefix`, from a cryptographic source
 * with rejection sampling (no modulo bias). Distinct within the batch; the database's unique index
 * decides against every code ever issued.
 */
export function randomCodes(prefix: string, length: number, count: number): string[] {
  const codes = new Set<string>();
  let pool = randomBytes(0);
  let at = 0;
  const nextChar = () => {
    for (;;) {
      if (at >= pool.length) {
        pool = randomBytes(Math.max(4096, length * count * 2));
        at = 0;
      }
      const byte = pool[at++] ?? 255;
      if (byte < LIMIT) return PROMO_ALPHABET[byte % SIZE];
    }
  };
  // A tiny code space may not hold `count` distinct codes; give up after a fair number of tries.
  let attempts = 0;
  while (codes.size < count && attempts < count * 4 + 100) {
    attempts++;
    let code = prefix;
    for (let i = 0; i < length; i++) code += nextChar();
    codes.add(code);
  }
  return [...codes];
}
