import type { User } from '@pult/contract';
import type { QueryClient } from '@tanstack/react-query';
import { resourceKeys } from '../../../lib/resources/keys';

/** Users as a resource: `['users', 'list', params]`, `['users', 'one', id]`. */
export const userKeys = resourceKeys('users');

/**
 * After any change to a user: the page gets the server's answer at once, and every other view of
 * users is refetched (the change may move the user in or out of a filter).
 */
export const storeChangedUser = (queryClient: QueryClient, user: User) => {
  queryClient.setQueryData(userKeys.one(user.id), user);
  return queryClient.invalidateQueries({
    queryKey: userKeys.all,
    predicate: (query) => query.queryKey[1] !== 'one' || query.queryKey[2] !== user.id,
  });
};
