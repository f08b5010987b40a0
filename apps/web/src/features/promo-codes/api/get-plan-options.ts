import type { Plan } from '@pult/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The plans a series may grant; the subscriptions feature owns plans, this is only the list. */
export const getPlanOptions = async (): Promise<Plan[]> =>
  (await apiClient.get<{ items: Plan[] }>('/subscriptions/desc')).items;

export const planOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['promo-codes', 'getPlans'], queryFn: getPlanOptions, staleTime: 60_000 });

export const usePlanOptions = () => useQuery(planOptionsQueryOptions());
