import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { resourceKeys } from './keys';

export const configKeys = resourceKeys('config');

/**
 * The public installation settings. The files host changes only with a redeploy, the project name
 * when an admin saves the settings (which refreshes this at once here), so a few minutes is fresh enough.
 */
export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: configKeys.one('public'),
    queryFn: ({ signal }) => api.config.get({}, { signal }),
    staleTime: 5 * 60_000,
    gcTime: Number.POSITIVE_INFINITY,
  });

export const usePublicConfig = () => useQuery(publicConfigQueryOptions());
