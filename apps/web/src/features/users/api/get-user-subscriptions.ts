import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { resourceKeys } from '../../../lib/resources/keys';

/** Subscriptions as a resource, so a grant (or any change elsewhere) refreshes this list too. */
export const subscriptionKeys = resourceKeys('subscriptions');

/** One person has a handful of subscriptions; the first hundred is all of them in practice. */
const TAKE = 100;

export const userSubscriptionsQueryOptions = (owner: number) =>
  queryOptions({
    queryKey: subscriptionKeys.list({ owner, take: TAKE }),
    queryFn: ({ signal }) => api.subscriptions.list({ query: { owner, take: TAKE } }, { signal }),
  });

export const useUserSubscriptions = (owner: number) => useQuery(userSubscriptionsQueryOptions(owner));
