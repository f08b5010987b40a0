import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export interface PublicConfig {
  filesBaseUrl: string;
}

/** Where uploaded theme images live (local `/files` or an object-storage host). */
export const getPublicConfig = () => apiClient.request<PublicConfig>('/config', { auth: false });

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['promo-codes', 'getConfig'],
    queryFn: getPublicConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePublicConfig = () => useQuery(publicConfigQueryOptions());
