import type { UpdateUserBody } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { storeChangedUser } from './user-cache';

export const useUpdateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateUserBody }) => api.users.update({ params: { id }, body }),
    onSuccess: (user) => storeChangedUser(queryClient, user),
  });
};
