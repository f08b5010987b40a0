import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { userKeys } from './user-cache';

export const userQueryOptions = (id: number) =>
  queryOptions({
    queryKey: userKeys.one(id),
    queryFn: ({ signal }) => api.users.get({ params: { id } }, { signal }),
  });

export const useUser = (id: number) => useQuery({ ...userQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
