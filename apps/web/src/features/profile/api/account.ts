import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => api.profile.changePassword({ body }),
  });
