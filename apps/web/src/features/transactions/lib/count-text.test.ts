import { describe, expect, it } from 'vitest';
import { formatCount } from './count-text';

describe('formatCount', () => {
  it('marks an estimated count as approximate', () => {
    expect(formatCount(1_500_000, true, 'ru').replace(/\s/g, ' ')).toBe('≈ 1 500 000');
  });

  it('shows an exact count as it is, in the viewer’s digits', () => {
    expect(formatCount(1_500_000, false, 'ru').replace(/\s/g, ' ')).toBe('1 500 000');
    expect(formatCount(1_500_000, false, 'en')).toBe('1,500,000');
  });
});
