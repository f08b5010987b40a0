import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface ResetPasswordInput {
  token: string;
  password: string;
}

export const useResetPassword = () =>
  useMutation({ mutationFn: (body: ResetPasswordInput) => api.auth.resetPassword({ body }) });
