import { describe, expect, it } from 'vitest';
import { fromMoscowWallClock, moscowWallClock } from './moscow-time';

describe('Moscow wall clock', () => {
  it('reads 12:00 in Moscow as 09:00 UTC and back', () => {
    const at = fromMoscowWallClock(2026, 4, 12, 12, 0);
    expect(at.toISOString()).toBe('2026-05-12T09:00:00.000Z');
    expect(moscowWallClock(at)).toEqual({ year: 2026, month: 4, day: 12, hour: 12, minute: 0 });
  });
});
