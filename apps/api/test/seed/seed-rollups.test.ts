import { describe, expect, it } from 'vitest';
import { ownerRanges } from '../../src/seed/seed-rollups';

describe('ownerRanges', () => {
  it('cuts the ids into adjacent ranges, the first and last open-ended, so every owner is in exactly one', () => {
    expect(ownerRanges(1, 1_000_005, 4)).toEqual([
      [null, 250_003],
      [250_003, 500_005],
      [500_005, 750_007],
      [750_007, null],
    ]);
    const ranges = ownerRanges(6, 3005, 6);
    expect(ranges).toHaveLength(6);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]?.[0]).toBe(ranges[i - 1]?.[1]);
  });

  it('gives fewer ranges than asked when there are fewer owners, and one unbounded range for one', () => {
    expect(ownerRanges(1, 3, 6)).toEqual([
      [null, 2],
      [2, 3],
      [3, null],
    ]);
    expect(ownerRanges(5, 5, 6)).toEqual([[null, null]]);
    expect(ownerRanges(1, 100, 1)).toEqual([[null, null]]);
  });
});
