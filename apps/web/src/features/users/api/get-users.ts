import type { User, UserWhere } from '@pult/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { whereParam } from '../list-params';

export interface UsersPage {
  items: User[];
  count: number;
  /** The count is the planner's estimate (large result sets): shown as approximate. */
  countIsEstimate: boolean;
}

export interface GetUsersParams {
  page: number;
  take: number;
  sort: string;
  where: UserWhere;
}

export const getUsers = ({ page, take, sort, where }: GetUsersParams, signal?: AbortSignal) =>
  apiClient.request<UsersPage>('/users', { query: { take, page, sort, where: whereParam(where) }, signal });

/** Key shaped like react-admin's `[resource, 'getList', params]`, so one invalidation hits every page. */
export const usersQueryOptions = (params: GetUsersParams) =>
  queryOptions({
    queryKey: ['users', 'getList', params],
    queryFn: ({ signal }) => getUsers(params, signal),
    // The previous page stays on screen while the next loads: no flash of an empty table.
    placeholderData: keepPreviousData,
  });

export const useUsers = (params: GetUsersParams) => useQuery(usersQueryOptions(params));
