import type { Subscription } from '@pult/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

interface SubscriptionsPage {
  items: Subscription[];
  count: number;
}

/** One person has a handful of subscriptions; the first hundred is all of them in practice. */
const TAKE = 100;

export const getUserSubscriptions = (owner: number, signal?: AbortSignal) =>
  apiClient.request<SubscriptionsPage>('/subscriptions', { query: { owner, take: TAKE }, signal });

export const userSubscriptionsQueryOptions = (owner: number) =>
  queryOptions({
    queryKey: ['users', 'subscriptions', { owner }],
    queryFn: ({ signal }) => getUserSubscriptions(owner, signal),
  });

export const useUserSubscriptions = (owner: number) => useQuery(userSubscriptionsQueryOptions(owner));
