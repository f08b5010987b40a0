import dayjs from 'dayjs';

/**
 * Reading list filters back from the URL: anything malformed is dropped rather than sent to the API
 * as a 400. Shared by every screen that keeps its filters in the search params.
 */

export const DEFAULT_TAKE = 20;
export const PAGE_SIZES = [10, 20, 50, 100];

/** A comma list restricted to the allowed values, without repeats. */
export const listOf = <T extends string>(value: string | null, allowed: readonly T[]): T[] => {
  const picked = (value ?? '').split(',').filter((item): item is T => (allowed as readonly string[]).includes(item));
  return [...new Set(picked)];
};

export const positiveInt = (value: string | null): number | undefined => {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
};

/** A real calendar day written YYYY-MM-DD (2026-02-30 is refused). */
export const calendarDay = (value: string | null): string | undefined =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).format('YYYY-MM-DD') === value ? value : undefined;

/** One of the offered page sizes, else the default. */
export const pageSize = (value: string | null): number => {
  const take = positiveInt(value);
  return take && PAGE_SIZES.includes(take) ? take : DEFAULT_TAKE;
};
