import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { storeChangedUser } from './user-cache';

/** PNG, JPEG or WebP up to 1 MB; the server checks the bytes and answers FILE_TOO_LARGE / FILE_TYPE_UNSUPPORTED. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const useUploadAvatar = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: Blob }) => api.users.uploadAvatar({ params: { id }, file }),
    onSuccess: (user) => storeChangedUser(queryClient, user),
  });
};
