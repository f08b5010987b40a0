import type { User } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { storeChangedUser } from './user-cache';

/** PNG, JPEG or WebP up to 1 MB; the server checks the bytes and answers 413/415 with `errors.avatar`. */
export const AVATAR_MAX_BYTES = 1_048_576;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const uploadAvatar = ({ id, file }: { id: number; file: Blob }) => {
  const body = new FormData();
  body.append('avatar', file);
  return apiClient.request<User>(`/users/${id}/avatar`, { method: 'POST', body });
};

export const useUploadAvatar = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (user) => storeChangedUser(queryClient, user),
  });
};
