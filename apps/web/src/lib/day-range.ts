import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';

export type DayRange = [Dayjs | null, Dayjs | null];

/**
 * A RangePicker's `value` from two `YYYY-MM-DD` days, the same array for as long as the days stay.
 * The picker puts its fields back to `value` whenever it gets a new array (an effect on the array, not
 * on the dates), so a list refreshed by a live event while someone typed a date erased what they typed:
 * a clean-clone CI run lost «26.11.2026» typed into «Регистрация с» that way.
 */
export function useDayRange(from: string | null | undefined, to: string | null | undefined): DayRange {
  return useMemo(() => [from ? dayjs(from) : null, to ? dayjs(to) : null], [from, to]);
}
