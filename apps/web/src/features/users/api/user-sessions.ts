import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const keyOf = (userId: number) => ['users', userId, 'sessions'] as const;

/** A staff member's live sessions, as their admin sees them (issue 31). */
export const useUserSessions = (userId: number) =>
  useQuery({ queryKey: keyOf(userId), queryFn: () => api.sessions.ofUser({ params: { id: userId } }) });

export const useEndUserSession = (userId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) => api.sessions.endOfUser({ params: { id: userId, sessionId } }),
    onSettled: () => void client.invalidateQueries({ queryKey: keyOf(userId) }),
  });
};

/** Ending all is the user's «sign out everywhere» (`manage/logout`), audited as such. */
export const useEndAllUserSessions = (userId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.users.manage({ params: { id: userId, action: 'logout' } }),
    onSettled: () => void client.invalidateQueries({ queryKey: keyOf(userId) }),
  });
};
