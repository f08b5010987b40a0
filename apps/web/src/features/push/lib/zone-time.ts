import { fromWallClockIn, type WallClock, wallClockIn } from '@pult/contract';
import { dateTimeFormat } from '../../../lib/format';

/** Until the installation's configuration has arrived (and for pushes made before the setting). */
export const FALLBACK_ZONE = 'Europe/Moscow';

const shortNames = new Map<string, string>();

/**
 * A zone as the screen names it: Moscow by its usual short name in the interface language (МСК, MSK),
 * any other zone by the runtime's short name, usually its offset (GMT+7).
 */
export function zoneLabel(zone: string, locale: string, moscowLabel: string): string {
  if (zone === FALLBACK_ZONE) return moscowLabel;
  const key = `${locale} ${zone}`;
  let name = shortNames.get(key);
  if (name === undefined) {
    const parts = dateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' }).formatToParts(new Date());
    name = parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
    shortNames.set(key, name);
  }
  return name;
}

/** «12.05.2026, 14:30 (МСК)»: an instant on the clocks of `zone`, in the interface language. */
export const formatInZone = (iso: string, locale: string, zone: string, label: string) =>
  `${dateTimeFormat(locale, { timeZone: zone, dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso))} (${label})`;

/** A calendar day `YYYY-MM-DD` read in `zone`: the instant it starts there. */
export const dayStartIn = (zone: string, day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return fromWallClockIn(zone, { year: year ?? 1970, month: (month ?? 1) - 1, day: date ?? 1, hour: 0, minute: 0 });
};

/** What clocks in `zone` show `minutesAhead` minutes from now (a date-time picker's first value). */
export const soonIn = (zone: string, minutesAhead: number, now = new Date()): WallClock =>
  wallClockIn(zone, new Date(now.getTime() + minutesAhead * 60_000));
