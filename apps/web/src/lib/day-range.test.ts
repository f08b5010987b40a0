// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDayRange } from './day-range';

describe('useDayRange', () => {
  it('gives the picker the same array while the days stay, and a new one when they change', () => {
    const { result, rerender } = renderHook(({ from, to }) => useDayRange(from, to), {
      initialProps: { from: '2026-11-01' as string | null, to: null as string | null },
    });
    const first = result.current;
    expect(first[0]?.format('YYYY-MM-DD')).toBe('2026-11-01');
    expect(first[1]).toBeNull();
    rerender({ from: '2026-11-01', to: null });
    expect(result.current).toBe(first);
    rerender({ from: '2026-11-01', to: '2026-11-27' });
    expect(result.current).not.toBe(first);
    expect(result.current[1]?.format('YYYY-MM-DD')).toBe('2026-11-27');
  });
});
