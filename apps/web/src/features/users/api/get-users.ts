import type { UserFilter } from '@pult/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { UserSort } from '../list-params';
import { userKeys } from './user-cache';

export interface GetUsersParams {
  page: number;
  take: number;
  sort: UserSort;
  filter: UserFilter;
}

export const usersQueryOptions = (params: GetUsersParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) =>
      api.users.list(
        { query: { take: params.take, page: params.page, sort: params.sort, ...params.filter } },
        { signal },
      ),
    // The previous page stays on screen while the next loads: no flash of an empty table.
    placeholderData: keepPreviousData,
  });

export const useUsers = (params: GetUsersParams) => useQuery(usersQueryOptions(params));
