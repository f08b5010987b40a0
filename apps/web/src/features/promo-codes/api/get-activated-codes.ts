import type { activatedCode } from '@pult/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { type ActivatedFilters, buildActivatedWhere } from '../lib/activated-where';

export type ActivatedCode = z.infer<typeof activatedCode>;

export interface ActivatedCodesPage {
  items: ActivatedCode[];
  count: number;
  countIsEstimate: boolean;
}

export const getActivatedCodes = (id: number, filters: ActivatedFilters, signal?: AbortSignal) =>
  apiClient.request<ActivatedCodesPage>(`/promo-codes/${id}/activated`, {
    query: { where: JSON.stringify(buildActivatedWhere(filters)) },
    signal,
  });

export const activatedCodesQueryOptions = (id: number, filters: ActivatedFilters) =>
  queryOptions({
    queryKey: ['promo-codes', 'getActivated', { id, ...filters }],
    queryFn: ({ signal }) => getActivatedCodes(id, filters, signal),
    placeholderData: keepPreviousData,
  });

export const useActivatedCodes = (id: number, filters: ActivatedFilters) =>
  useQuery(activatedCodesQueryOptions(id, filters));
