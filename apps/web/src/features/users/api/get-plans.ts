import type { Plan } from '@pult/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const getPlans = (signal?: AbortSignal) =>
  apiClient.request<{ items: Plan[]; count: number }>('/subscriptions/desc', { signal });

/** The plans the grant dialog offers. Kept under `users` so it never clashes with the plans screen's own cache. */
export const grantPlansQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'grantPlans'],
    queryFn: ({ signal }) => getPlans(signal),
    select: (page) => page.items.filter((plan) => plan.enabled),
  });

export const useGrantPlans = (enabled: boolean) => useQuery({ ...grantPlansQueryOptions(), enabled });
