import type { customization } from '@pult/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

export type Customization = z.infer<typeof customization>;

export const getCustomization = (basketId: string, signal?: AbortSignal) =>
  apiClient.request<Customization>('/promo-codes/customization', { query: { basketId }, signal });

export const customizationQueryOptions = (basketId: string) =>
  queryOptions({
    queryKey: ['promo-codes', 'getCustomization', { basketId }],
    queryFn: ({ signal }) => getCustomization(basketId, signal),
    // The answer is a verdict on the id: asking again would only repeat it.
    retry: false,
    staleTime: 60_000,
  });

/** Asks only for a non-empty id; the caller debounces the typing. */
export const useCustomization = (basketId: string) =>
  useQuery({ ...customizationQueryOptions(basketId), enabled: basketId.length > 0 });
