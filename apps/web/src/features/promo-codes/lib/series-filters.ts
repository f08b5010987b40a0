import { type PromoSeries, promoSeriesStatus } from '@pult/contract';
import dayjs from 'dayjs';

/** The series list's filters and page, as the URL keeps them (shareable, survives a reload). */
export interface SeriesFilters {
  name?: string;
  status?: PromoSeries['status'];
  planId?: number;
  /** Calendar days `YYYY-MM-DD`, inclusive on both ends. */
  createdFrom?: string;
  createdTo?: string;
  page: number;
  take: number;
}

export const DEFAULT_TAKE = 20;
export const TAKE_OPTIONS = [10, 20, 50, 100];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const positiveInt = (value: string | null): number | undefined => {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 ? number : undefined;
};

const day = (value: string | null): string | undefined =>
  value && DAY.test(value) && dayjs(value, 'YYYY-MM-DD').isValid() ? value : undefined;

/** Reads the filters from the URL; anything malformed is treated as absent, never sent on. */
export const parseSeriesFilters = (params: URLSearchParams): SeriesFilters => {
  const status = promoSeriesStatus.safeParse(params.get('status'));
  const take = positiveInt(params.get('take'));
  return {
    name: params.get('name')?.trim() || undefined,
    status: status.success ? status.data : undefined,
    planId: positiveInt(params.get('planId')),
    createdFrom: day(params.get('createdFrom')),
    createdTo: day(params.get('createdTo')),
    page: positiveInt(params.get('page')) ?? 1,
    take: take && TAKE_OPTIONS.includes(take) ? take : DEFAULT_TAKE,
  };
};

/** Writes the filters to the URL, dropping empty values (an empty filter means "any") and defaults. */
export const toSearchParams = (filters: SeriesFilters): URLSearchParams => {
  const params = new URLSearchParams();
  const put = (name: string, value: string | number | undefined) => {
    if (value === undefined || value === '') return;
    params.set(name, String(value));
  };
  put('name', filters.name?.trim());
  put('status', filters.status);
  put('planId', filters.planId);
  put('createdFrom', filters.createdFrom);
  put('createdTo', filters.createdTo);
  if (filters.page > 1) put('page', filters.page);
  if (filters.take !== DEFAULT_TAKE) put('take', filters.take);
  return params;
};

/** The API query: calendar days become the start and the end of that day in the user's zone. */
export const toApiQuery = (filters: SeriesFilters) => ({
  take: filters.take,
  page: filters.page,
  name: filters.name?.trim() || undefined,
  status: filters.status,
  planId: filters.planId,
  createdFrom: filters.createdFrom ? dayjs(filters.createdFrom).startOf('day').toISOString() : undefined,
  createdTo: filters.createdTo ? dayjs(filters.createdTo).endOf('day').toISOString() : undefined,
});

export const hasActiveFilters = (filters: SeriesFilters): boolean =>
  Boolean(filters.name || filters.status || filters.planId || filters.createdFrom || filters.createdTo);
