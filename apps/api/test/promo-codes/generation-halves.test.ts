import { PROMO_ALPHABET } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { halves } from '../../src/modules/promo-codes/generation/generation-worker';

/** Byte order, as the split's `COLLATE "C"` compares. */
const inRange = (code: string, range: { from?: string; below?: string }) =>
  (range.from === undefined || Buffer.compare(Buffer.from(code), Buffer.from(range.from)) >= 0) &&
  (range.below === undefined || Buffer.compare(Buffer.from(code), Buffer.from(range.below)) < 0);

describe('a generation batch split in two on PostgreSQL', () => {
  it.each(['', 'SPRING', 'A-2'])('puts every code of prefix "%s" in exactly one half, about half in each', (prefix) => {
    const parts = halves(prefix);
    expect(parts).toHaveLength(2);
    // Every first letter, with the lowest and the highest letters after it: both edges of each half.
    const sorted = [...PROMO_ALPHABET].sort();
    const edges = [sorted[0], sorted.at(-1)].map((letter) => `${letter}${letter}`);
    const owners = [...PROMO_ALPHABET].map((first) => {
      const holders = edges.map((rest) => parts.findIndex((range) => inRange(`${prefix}${first}${rest}`, range)));
      const only = edges.map((rest) => parts.filter((range) => inRange(`${prefix}${first}${rest}`, range)).length);
      expect(only, `${prefix}${first}`).toEqual([1, 1]);
      expect(holders[0], `${prefix}${first}: both edges in one half`).toBe(holders[1]);
      return holders[0];
    });
    for (const part of [0, 1]) {
      const share = owners.filter((owner) => owner === part).length;
      expect(Math.abs(share - PROMO_ALPHABET.length / 2)).toBeLessThanOrEqual(1);
    }
  });
});
