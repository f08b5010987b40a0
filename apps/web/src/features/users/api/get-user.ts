import type { User } from '@pult/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const getUser = (id: number, signal?: AbortSignal) => apiClient.request<User>(`/users/${id}`, { signal });

export const userQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['users', 'getOne', { id }],
    queryFn: ({ signal }) => getUser(id, signal),
  });

export const useUser = (id: number) => useQuery({ ...userQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
