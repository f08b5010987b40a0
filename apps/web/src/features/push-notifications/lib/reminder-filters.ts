import { reminderStatus, reminderType } from '@pult/contract';
import { pagingParams, type UrlValues, urlParam } from '../../../lib/url-params';
import { fromMoscowWallClock } from './moscow-time';

/** The list's range, filters and page as the URL keeps them. */
export const reminderParams = {
  /** Calendar days `YYYY-MM-DD` in Moscow time, inclusive on both ends. */
  from: urlParam.day(),
  to: urlParam.day(),
  type: urlParam.oneOf(reminderType.options),
  status: urlParam.oneOf(reminderStatus.options),
  ...pagingParams(),
};
export type ReminderFilters = UrlValues<typeof reminderParams>;

const dayStart = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return fromMoscowWallClock(y ?? 1970, (m ?? 1) - 1, d ?? 1, 0, 0);
};

/** The API query: Moscow calendar days become the first and last instant of those days. */
export const toApiQuery = (filters: ReminderFilters) => ({
  take: filters.take,
  page: filters.page,
  type: filters.type,
  status: filters.status,
  startDate: filters.from ? dayStart(filters.from).toISOString() : undefined,
  endDate: filters.to ? new Date(dayStart(filters.to).getTime() + 86_400_000 - 1).toISOString() : undefined,
});
