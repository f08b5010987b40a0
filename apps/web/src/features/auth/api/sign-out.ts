import { apiClient } from '../../../lib/api-client';

/** Revokes the session on the server, then forgets it here: a sign-out that only forgot would leave a live token. */
export const signOut = (): Promise<void> => apiClient.signOut();
