import { QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { isApiError } from './api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will answer the same the second time; retry only network trouble and 5xx.
      retry: (failureCount, error) => failureCount < 2 && !(isApiError(error) && error.status < 500),
    },
    mutations: { retry: false },
  },
});

/**
 * The call options of a query that follows running work (refetchInterval): its signal, and whether this
 * fetch is the page looking again on its own. Once the query has data, its fetches are the poll, not a
 * person, so they go as background requests (lib/api-client.ts) and leave the idle time-out running.
 */
export const pollOptions = ({ signal, client, queryKey }: QueryFunctionContext) => ({
  signal,
  background: (client.getQueryState(queryKey)?.dataUpdateCount ?? 0) > 0,
});
