import type { Subscription, User } from '@pult/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { SubscriptionsQuery } from '../lib/subscription-filters';

export interface SubscriptionsList {
  items: Subscription[];
  count: number;
  countIsEstimate: boolean;
  /** The owners of this page's subscriptions (`owner` is matched against `id`). */
  additionalInfo: { relatedUsers: User[] };
}

export const getSubscriptions = (query: SubscriptionsQuery, signal?: AbortSignal) =>
  apiClient.request<SubscriptionsList>('/subscriptions', { query: { ...query }, signal });

export const subscriptionsQueryOptions = (query: SubscriptionsQuery) => {
  const { take, page, ...filter } = query;
  return queryOptions({
    queryKey: ['subscriptions', 'getList', { pagination: { take, page }, filter }],
    queryFn: ({ signal }) => getSubscriptions(query, signal),
    // Paging keeps the old page on screen (dimmed) instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });
};

export const useSubscriptions = (query: SubscriptionsQuery) => useQuery(subscriptionsQueryOptions(query));
