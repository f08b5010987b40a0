import type { User } from '@pult/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session-store';

/** The signed-in user as the server knows them now; the header follows through the session store. */
export const getProfile = async (): Promise<User> => {
  const user = await apiClient.get<User>('/users/me');
  sessionStore.updateUser(user);
  return user;
};

export const profileQueryOptions = () => queryOptions({ queryKey: ['users', 'me'], queryFn: getProfile, staleTime: 0 });

export const useProfile = () => useQuery(profileQueryOptions());
