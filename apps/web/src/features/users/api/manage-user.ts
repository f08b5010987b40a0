import type { User, UserAction } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { storeChangedUser } from './user-cache';

export const manageUser = ({ id, action }: { id: number; action: UserAction }) =>
  apiClient.get<User>(`/users/${id}/manage/${action}`);

export const useManageUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: manageUser,
    onSuccess: (user) => storeChangedUser(queryClient, user),
  });
};
