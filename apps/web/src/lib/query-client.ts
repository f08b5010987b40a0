import { QueryClient } from '@tanstack/react-query';
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
