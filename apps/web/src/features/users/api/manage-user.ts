import type { UserAction } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { storeChangedUser } from './user-cache';

export const useManageUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: UserAction }) => api.users.manage({ params: { id, action } }),
    onSuccess: (user) => storeChangedUser(queryClient, user),
  });
};
