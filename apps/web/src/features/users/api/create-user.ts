import type { CreateUserBody } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { storeChangedUser } from './user-cache';

export const useCreateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserBody) => api.users.create({ body }),
    onSuccess: (user) => storeChangedUser(queryClient, user),
  });
};
