import type { CreateUserBody, User } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { storeChangedUser } from './user-cache';

export const createUser = (body: CreateUserBody) => apiClient.post<User>('/users', body);

export const useCreateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: (user) => storeChangedUser(queryClient, user),
  });
};
