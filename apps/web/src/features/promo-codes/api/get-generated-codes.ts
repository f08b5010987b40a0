import type { generatedCode } from '@pult/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

export type GeneratedCode = z.infer<typeof generatedCode>;

export interface GeneratedCodesPage {
  items: GeneratedCode[];
  count: number;
  countIsEstimate: boolean;
  seriesName: string;
}

export interface GeneratedCodesParams {
  id: number;
  take: number;
  page: number;
}

export const getGeneratedCodes = ({ id, take, page }: GeneratedCodesParams, signal?: AbortSignal) =>
  apiClient.request<GeneratedCodesPage>(`/promo-codes/${id}/generated-codes`, { query: { take, page }, signal });

export const generatedCodesQueryOptions = (params: GeneratedCodesParams) =>
  queryOptions({
    queryKey: ['promo-codes', 'getGenerated', params],
    queryFn: ({ signal }) => getGeneratedCodes(params, signal),
    placeholderData: keepPreviousData,
  });

export const useGeneratedCodes = (params: GeneratedCodesParams) => useQuery(generatedCodesQueryOptions(params));
