import type { UpdateUserBody } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { storeChangedUser } from './user-cache';

export const useUpdateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    /** `version`: the user's version the form was opened on, sent as If-Match (a stale one: 412). */
    mutationFn: ({ id, body, version }: { id: number; body: UpdateUserBody; version?: number }) =>
      api.users.update({ params: { id }, body }, { ifMatch: version }),
    onSuccess: (user) => storeChangedUser(queryClient, user),
  });
};

/** A user's «История», under the user's own key. */
export const userRevisionsKey = (id: number) => ['users', 'one', id, 'revisions'] as const;
export const loadUserRevisions = (id: number, signal: AbortSignal) =>
  api.users.revisions({ params: { id } }, { signal });
export const restoreUserRevision = (id: number, revisionId: number) =>
  api.users.restoreRevision({ params: { id, revisionId } });
