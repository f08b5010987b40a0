import type { PromoSeries } from '@pult/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { type SeriesFilters, toApiQuery } from '../lib/series-filters';

export interface PromoSeriesPage {
  items: PromoSeries[];
  count: number;
  countIsEstimate: boolean;
}

export const getPromoSeriesList = (filters: SeriesFilters, signal?: AbortSignal) =>
  apiClient.request<PromoSeriesPage>('/promo-codes', { query: toApiQuery(filters), signal });

export const promoSeriesListQueryOptions = (filters: SeriesFilters) =>
  queryOptions({
    queryKey: ['promo-codes', 'getList', filters],
    queryFn: ({ signal }) => getPromoSeriesList(filters, signal),
    placeholderData: keepPreviousData,
    // While any series on the page is still being generated, its counters keep moving.
    refetchInterval: (query) =>
      query.state.data?.items.some((s) => s.generationStatus === 'pending' || s.generationStatus === 'running')
        ? 2000
        : false,
  });

export const usePromoSeriesList = (filters: SeriesFilters) => useQuery(promoSeriesListQueryOptions(filters));
