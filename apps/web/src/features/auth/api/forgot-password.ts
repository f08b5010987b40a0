import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Always answers 200, whether or not the address exists (product.md §5), so nothing leaks. */
export const requestPasswordReset = (email: string) =>
  apiClient.request<{ ok: true }>('/users/forgot-password', { method: 'POST', body: { email }, auth: false });

export const useForgotPassword = () => useMutation({ mutationFn: requestPasswordReset });
