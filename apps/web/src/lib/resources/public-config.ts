import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { resourceKeys } from './keys';

export const configKeys = resourceKeys('config');

/** The public installation settings; they change only with a redeploy, so they are read once. */
export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: configKeys.one('public'),
    queryFn: ({ signal }) => api.config.get({}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export const usePublicConfig = () => useQuery(publicConfigQueryOptions());
