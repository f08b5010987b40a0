import type { Subscription } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { userQueryOptions } from './get-user';
import { userSubscriptionsQueryOptions } from './get-user-subscriptions';

export const grantSubscription = ({ userId, planId }: { userId: number; planId: number }) =>
  apiClient.get<Subscription>(`/subscriptions/subscribe-by-admin/${userId}/${planId}`);

/** Afterwards the user's `register` and their subscription list both change: refetch both. */
export const useGrantSubscription = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantSubscription,
    onSuccess: (_subscription, { userId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userQueryOptions(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: userSubscriptionsQueryOptions(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: ['users', 'getList'] }),
      ]),
  });
};
