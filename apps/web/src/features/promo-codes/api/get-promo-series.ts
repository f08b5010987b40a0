import type { PromoSeries } from '@pult/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { isGenerating } from '../lib/progress';

export const getPromoSeries = (id: number, signal?: AbortSignal) =>
  apiClient.request<PromoSeries>(`/promo-codes/${id}`, { signal });

export const promoSeriesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['promo-codes', 'getOne', { id }],
    queryFn: ({ signal }) => getPromoSeries(id, signal),
    // Codes are made in the background: poll every second until the series is done or failed.
    refetchInterval: (query) => (query.state.data && isGenerating(query.state.data) ? 1000 : false),
  });

export const usePromoSeries = (id: number) => useQuery({ ...promoSeriesQueryOptions(id), enabled: id > 0 });
