import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { resourceKeys } from '../../../lib/resources/keys';

const factorKeys = resourceKeys('my-factors');
const sessionKeys = resourceKeys('my-sessions');

/** The caller's second factor: on or off, recovery codes left, whether the policy requires it. */
export const useMyFactors = () => useQuery({ queryKey: factorKeys.all, queryFn: () => api.mfa.status() });

export const useStartTotp = () => useMutation({ mutationFn: () => api.mfa.enrolTotp() });

/** Confirming ends the other sessions, so both lists are read again. */
export const useConfirmTotp = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.mfa.confirmTotp({ body: { code } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: factorKeys.all });
      void client.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
};

export const useRemoveTotp = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string; code: string }) => api.mfa.removeTotp({ body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: factorKeys.all }),
  });
};

/** The caller's live sessions, newest first. */
export const useMySessions = () => useQuery({ queryKey: sessionKeys.all, queryFn: () => api.sessions.list() });

export const useEndSession = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.sessions.end({ params: { id } }),
    onSettled: () => void client.invalidateQueries({ queryKey: sessionKeys.all }),
  });
};

export const useEndOtherSessions = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.sessions.endOthers(),
    onSettled: () => void client.invalidateQueries({ queryKey: sessionKeys.all }),
  });
};
