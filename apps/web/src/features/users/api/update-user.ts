import type { UpdateUserBody, User } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { storeChangedUser } from './user-cache';

export const updateUser = ({ id, body }: { id: number; body: UpdateUserBody }) =>
  apiClient.post<User>(`/users/${id}`, body);

/** Seed §8: any answer below 400 is a success; the client only throws on ≥ 400. */
export const useUpdateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => storeChangedUser(queryClient, user),
  });
};
