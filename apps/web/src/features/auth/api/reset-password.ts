import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export interface ResetPasswordInput {
  token: string;
  password: string;
}

export const resetPassword = (body: ResetPasswordInput) =>
  apiClient.request<{ ok: true }>('/users/reset-password', { method: 'POST', body, auth: false });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
