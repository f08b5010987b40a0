import type { User } from '@pult/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { resourceKeys } from '../../../lib/resources/keys';
import { sessionStore } from '../../../lib/session-store';

/** The signed-in user as the server knows them now; the header follows through the session store. */
export const getProfile = async (signal?: AbortSignal): Promise<User> => {
  const user = await api.auth.me({}, { signal });
  sessionStore.updateUser(user);
  return user;
};

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: resourceKeys('users').one('me'),
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: 0,
  });

export const useProfile = () => useQuery(profileQueryOptions());
