/**
 * Wall clocks in an IANA time zone, with daylight saving, from the runtime's own zone database
 * (Intl): the API plans a local-time push with them and the SPA shows and reads times in the
 * zone pushes are scheduled in, whatever the browser's zone.
 */

/** A wall-clock reading; `month` is 0-based, as in Date. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** What clocks in `zone` show at `at`, to the minute. */
export function wallClockIn(zone: string, at: Date): WallClock {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(zone).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: (parts.month ?? 1) - 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
  };
}

/** How far `zone` is ahead of UTC at `at`, in milliseconds (Moscow: +3 h). */
export function zoneOffsetMs(zone: string, at: Date): number {
  const wall = wallClockIn(zone, at);
  const asUtc = Date.UTC(wall.year, wall.month, wall.day, wall.hour, wall.minute);
  return asUtc - Math.floor(at.getTime() / 60_000) * 60_000;
}

/**
 * The instant at which clocks in `zone` show `wall`. A time a spring-forward jump skips reads with
 * the offset before the jump (02:30 in Berlin that night is 03:30 summer time); a time a fall-back
 * jump repeats is its first pass.
 */
export function fromWallClockIn(zone: string, wall: WallClock): Date {
  const asUtc = Date.UTC(wall.year, wall.month, wall.day, wall.hour, wall.minute);
  const day = 24 * 3600_000;
  // The zone's offsets a day before and a day after: no zone jumps twice within two days.
  const before = asUtc - zoneOffsetMs(zone, new Date(asUtc - day));
  const after = asUtc - zoneOffsetMs(zone, new Date(asUtc + day));
  const shows = (t: number) => {
    const seen = wallClockIn(zone, new Date(t));
    return (
      seen.year === wall.year &&
      seen.month === wall.month &&
      seen.day === wall.day &&
      seen.hour === wall.hour &&
      seen.minute === wall.minute
    );
  };
  const matching = [before, after].filter(shows);
  return new Date(matching.length > 0 ? Math.min(...matching) : before);
}
