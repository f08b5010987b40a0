import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export interface PublicConfig {
  filesBaseUrl: string;
}

/** Where uploaded plan icons live (local `/files` or an object-storage host); public, no token. */
export const getPublicConfig = () => apiClient.request<PublicConfig>('/config', { auth: false });

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config', 'getOne', {}],
    queryFn: getPublicConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePublicConfig = () => useQuery(publicConfigQueryOptions());
