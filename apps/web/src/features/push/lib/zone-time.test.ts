import { fromWallClockIn, wallClockIn } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { dayStartIn, formatInZone, soonIn, zoneLabel } from './zone-time';

describe('wall clocks in the scheduling zone', () => {
  it('reads 12:00 in Moscow as 09:00 UTC and back', () => {
    const at = fromWallClockIn('Europe/Moscow', { year: 2026, month: 4, day: 12, hour: 12, minute: 0 });
    expect(at.toISOString()).toBe('2026-05-12T09:00:00.000Z');
    expect(wallClockIn('Europe/Moscow', at)).toEqual({ year: 2026, month: 4, day: 12, hour: 12, minute: 0 });
  });

  it('follows daylight saving: Berlin is UTC+1 in winter and UTC+2 in summer', () => {
    expect(fromWallClockIn('Europe/Berlin', { year: 2026, month: 0, day: 15, hour: 12, minute: 0 }).toISOString()).toBe(
      '2026-01-15T11:00:00.000Z',
    );
    expect(fromWallClockIn('Europe/Berlin', { year: 2026, month: 6, day: 15, hour: 12, minute: 0 }).toISOString()).toBe(
      '2026-07-15T10:00:00.000Z',
    );
  });

  it('reads a skipped time with the offset before the jump, and a repeated one as its first pass', () => {
    // 29 March 2026: Berlin clocks jump from 02:00 to 03:00; 25 October: from 03:00 back to 02:00.
    const skipped = fromWallClockIn('Europe/Berlin', { year: 2026, month: 2, day: 29, hour: 2, minute: 30 });
    expect(skipped.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(wallClockIn('Europe/Berlin', skipped)).toMatchObject({ hour: 3, minute: 30 });
    const repeated = fromWallClockIn('Europe/Berlin', { year: 2026, month: 9, day: 25, hour: 2, minute: 30 });
    expect(repeated.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('starts a calendar day at midnight in the zone', () => {
    expect(dayStartIn('Asia/Novosibirsk', '2026-05-12').toISOString()).toBe('2026-05-11T17:00:00.000Z');
    expect(dayStartIn('Europe/Moscow', '2026-05-12').toISOString()).toBe('2026-05-11T21:00:00.000Z');
  });

  it('offers the zone’s clock a few minutes ahead as the first picker value', () => {
    expect(soonIn('Asia/Vladivostok', 10, new Date('2026-05-12T20:55:00Z'))).toEqual({
      year: 2026,
      month: 4,
      day: 13,
      hour: 7,
      minute: 5,
    });
  });

  it('names Moscow by its usual label and other zones by the runtime’s short name', () => {
    expect(zoneLabel('Europe/Moscow', 'ru', 'МСК')).toBe('МСК');
    expect(zoneLabel('Asia/Novosibirsk', 'ru', 'МСК')).toMatch(/\+7/);
    expect(formatInZone('2026-05-12T09:00:00Z', 'ru', 'Asia/Novosibirsk', 'GMT+7')).toBe('12.05.2026, 16:00 (GMT+7)');
  });
});
