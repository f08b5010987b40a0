import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Revokes the session on the server, then forgets it here (product.md §1). */
export const useSignOut = () => useMutation({ mutationFn: () => apiClient.signOut() });
