import { isStaffRole, type User } from '@pult/contract';
import { apiClient, isApiError } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session-store';

/**
 * The start-up session check (seed §2): asks the API who the stored token belongs to and keeps
 * the stored user in step (a changed avatar or role shows at once). A 401 has already signed the
 * user out inside the client. Network trouble keeps the session: the next call will tell.
 */
export const checkSession = async (): Promise<void> => {
  if (!sessionStore.get()) return;
  try {
    const user = await apiClient.get<User>('/users/me');
    if (isStaffRole(user.role)) sessionStore.updateUser(user);
    else await apiClient.signOut();
  } catch (error) {
    if (isApiError(error) && error.status === 403) await apiClient.signOut();
  }
};
