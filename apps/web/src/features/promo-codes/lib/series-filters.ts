import { type PromoSeriesQuery, promoSeriesStatus } from '@pult/contract';
import dayjs from 'dayjs';
import { pagingParams, type UrlValues, urlParam } from '../../../lib/url-params';

/** The series list's filters and page, as the URL keeps them (shareable, survives a reload). */
export const seriesParams = {
  name: urlParam.text(),
  status: urlParam.oneOf(promoSeriesStatus.options),
  planId: urlParam.positiveInt(),
  /** Calendar days `YYYY-MM-DD`, inclusive on both ends. */
  createdFrom: urlParam.day(),
  createdTo: urlParam.day(),
  ...pagingParams(),
};
export type SeriesFilters = UrlValues<typeof seriesParams>;

/** The API query: calendar days become the start and the end of that day in the user's zone (`from`/`to`). */
export const toApiQuery = (filters: SeriesFilters): PromoSeriesQuery => ({
  take: filters.take,
  page: filters.page,
  name: filters.name?.trim() || undefined,
  status: filters.status,
  planId: filters.planId,
  from: filters.createdFrom ? dayjs(filters.createdFrom).startOf('day').toISOString() : undefined,
  to: filters.createdTo ? dayjs(filters.createdTo).endOf('day').toISOString() : undefined,
});

export const hasActiveFilters = (filters: SeriesFilters): boolean =>
  Boolean(filters.name || filters.status || filters.planId || filters.createdFrom || filters.createdTo);
