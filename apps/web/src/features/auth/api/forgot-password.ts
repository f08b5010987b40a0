import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Always answers `{ ok: true }`, whether or not the address exists, so nothing leaks. */
export const useForgotPassword = () =>
  useMutation({ mutationFn: (email: string) => api.auth.forgotPassword({ body: { email } }) });
