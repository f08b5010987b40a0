import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { resourceKeys } from '../../../lib/resources/keys';
import type { SubscriptionsQuery } from '../lib/subscription-filters';

export const subscriptionKeys = resourceKeys('subscriptions');

export const subscriptionsQueryOptions = (query: SubscriptionsQuery) =>
  queryOptions({
    queryKey: subscriptionKeys.list(query),
    queryFn: ({ signal }) => api.subscriptions.list({ query }, { signal }),
    // Paging keeps the old page on screen (dimmed) instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });

export const useSubscriptions = (query: SubscriptionsQuery) => useQuery(subscriptionsQueryOptions(query));
