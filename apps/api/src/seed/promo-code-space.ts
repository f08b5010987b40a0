import { PROMO_ALPHABET } from '@pult/contract';

const BASE = PROMO_ALPHABET.length;
/** Seeded codes have 10 characters after the prefix: two halves of five, 31^5 = 28 629 151 values each. */
export const SEEDED_CODE_LENGTH = 10;
const HALF = BASE ** 5;
/** Fixed round keys, not the --seed: codes stay unique across seed runs made with different seeds. */
const KEYS = [0x9e3779b9, 0x7f4a7c15, 0x85ebca6b, 0xc2b2ae35] as const;

/** The largest series number and the largest code number within a series that stay unique. */
export const MAX_SEEDED_SERIES = HALF - 1;
export const MAX_CODES_PER_SEEDED_SERIES = HALF;

function mix(value: number, key: number): number {
  let h = Math.imul(value ^ key, 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 15), 0x297a2d39);
  return ((h ^ (h >>> 13)) >>> 0) % HALF;
}

function encodeHalf(value: number): string {
  let out = '';
  for (let i = 0; i < 5; i++) {
    out = (PROMO_ALPHABET[value % BASE] ?? '') + out;
    value = Math.floor(value / BASE);
  }
  return out;
}

/**
 * The `index`-th code of series `seriesId`: a four-round Feistel permutation of the pair
 * (series, index) over 31^10, written in the promo alphabet. A permutation never repeats, so codes
 * are unique across every seeded series with no Set of ten million strings, yet look random — and
 * consecutive codes share nothing a customer could use to guess the next one.
 */
export function seededCode(prefix: string, seriesId: number, index: number): string {
  if (seriesId > MAX_SEEDED_SERIES || index >= MAX_CODES_PER_SEEDED_SERIES) {
    throw new Error('series id or code index out of the seeded code space');
  }
  let left = seriesId;
  let right = index;
  for (const key of KEYS) {
    const next = (left + mix(right, key)) % HALF;
    left = right;
    right = next;
  }
  return `${prefix}${encodeHalf(left)}${encodeHalf(right)}`;
}
