import type { User } from '@pult/contract';
import type { QueryClient } from '@tanstack/react-query';
import { userQueryOptions } from './get-user';

/**
 * After any change to a user: the page gets the server's answer at once, and every list page is
 * refetched (the change may move the user in or out of a filter).
 */
export const storeChangedUser = (queryClient: QueryClient, user: User) => {
  queryClient.setQueryData(userQueryOptions(user.id).queryKey, user);
  return queryClient.invalidateQueries({ queryKey: ['users', 'getList'] });
};
