import { isStaffRole } from '@pult/contract';
import { api } from '../../../lib/api';
import { apiClient } from '../../../lib/api-client';
import { errorCodeOf } from '../../../lib/describe-error';
import { sessionStore } from '../../../lib/session-store';

/**
 * The start-up session check: asks the API who the stored token belongs to and keeps the stored
 * user in step (a changed avatar or role shows at once). A 401 has already signed the user out
 * inside the client. Network trouble keeps the session: the next call will tell.
 */
export const checkSession = async (): Promise<void> => {
  if (!sessionStore.get()) return;
  try {
    const user = await api.auth.me();
    if (isStaffRole(user.role)) sessionStore.updateUser(user);
    else await apiClient.signOut();
  } catch (error) {
    if (errorCodeOf(error) === 'FORBIDDEN') await apiClient.signOut();
  }
};
