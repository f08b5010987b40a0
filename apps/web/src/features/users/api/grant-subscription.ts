import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { subscriptionKeys } from './get-user-subscriptions';
import { userKeys } from './user-cache';

/** Afterwards the user's `register` and every list of subscriptions change: refetch both resources. */
export const useGrantSubscription = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, planId }: { userId: number; planId: number }) =>
      api.subscriptions.grant({ params: { userId, planId } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
      ]),
  });
};
