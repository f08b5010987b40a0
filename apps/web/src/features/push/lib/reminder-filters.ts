import { reminderSortFields, reminderStatus, reminderType, type SortOf } from '@pult/contract';
import { orElse, pagingParams, type UrlValues, urlParam } from '../../../lib/url-params';
import { dayStartIn } from './zone-time';

export type ReminderSort = SortOf<(typeof reminderSortFields)[number]>;
export const DEFAULT_REMINDER_SORT: ReminderSort = 'scheduledAt:desc';

/** The list's range, filters, page and order as the URL keeps them. */
export const reminderParams = {
  /** Calendar days `YYYY-MM-DD` in the scheduling zone, inclusive on both ends. */
  from: urlParam.day(),
  to: urlParam.day(),
  type: urlParam.oneOf(reminderType.options),
  status: urlParam.oneOf(reminderStatus.options),
  /** The push whose details are open (the audit log links here). */
  reminder: urlParam.positiveInt(),
  ...pagingParams(),
  /** The latest first unless the person asked otherwise (the API's default too). */
  sort: orElse(urlParam.sort(reminderSortFields), DEFAULT_REMINDER_SORT),
};
export type ReminderFilters = UrlValues<typeof reminderParams>;

/** `YYYY-MM-DD` of the day after. */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The API query: calendar days in `zone` (where pushes are scheduled) become the first and last instant of those days. */
export const toApiQuery = (filters: ReminderFilters, zone: string) => ({
  take: filters.take,
  page: filters.page,
  sort: filters.sort,
  type: filters.type,
  status: filters.status,
  startDate: filters.from ? dayStartIn(zone, filters.from).toISOString() : undefined,
  // The last instant before the next day starts (a day with a clock change is 23 or 25 hours long).
  endDate: filters.to ? new Date(dayStartIn(zone, nextDay(filters.to)).getTime() - 1).toISOString() : undefined,
});
