/** Staff schedule pushes in Moscow time: UTC+3 all year (no daylight saving since 2014). */
export const MOSCOW_ZONE = 'Europe/Moscow';
const MOSCOW_OFFSET_MS = 3 * 3600_000;

/** The instant at which Moscow clocks show this date and time (month 0-based, as in Date). */
export const fromMoscowWallClock = (year: number, month: number, day: number, hour: number, minute: number) =>
  new Date(Date.UTC(year, month, day, hour, minute) - MOSCOW_OFFSET_MS);

/** What Moscow clocks show at an instant, as the parts a date-time picker holds. */
export const moscowWallClock = (at: Date) => {
  const shifted = new Date(at.getTime() + MOSCOW_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth(),
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
};

/** «12.05.2026, 14:30 (МСК)» in the interface language. */
export const formatMoscow = (iso: string, locale: string, zoneLabel: string) =>
  `${new Intl.DateTimeFormat(locale, { timeZone: MOSCOW_ZONE, dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso))} (${zoneLabel})`;
