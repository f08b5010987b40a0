import type { PromoTheme } from '@pult/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const getPromoTheme = (id: number, signal?: AbortSignal) =>
  apiClient.request<PromoTheme>(`/promo-codes/${id}/theme`, { signal });

export const promoThemeQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['promo-codes', 'getTheme', { id }], queryFn: ({ signal }) => getPromoTheme(id, signal) });

export const usePromoTheme = (id: number) => useQuery(promoThemeQueryOptions(id));
