import type { Plan } from '@pult/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export interface PlansList {
  items: Plan[];
  count: number;
}

/** All plans, in their sort order (the API sorts; there are a handful, so no paging). */
export const getPlans = (signal?: AbortSignal) => apiClient.request<PlansList>('/subscriptions/desc', { signal });

/** `['plans', …]` is also what a change of the signed-in user reloads (seed §4). */
export const plansQueryOptions = () =>
  queryOptions({ queryKey: ['plans', 'getList', {}], queryFn: ({ signal }) => getPlans(signal) });

export const usePlans = () => useQuery(plansQueryOptions());
