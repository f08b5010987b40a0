import type { JobListQuery } from '@pult/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pollOptions } from '../../../lib/poll-options';
import { resourceKeys } from '../../../lib/resources/keys';

export const jobKeys = {
  ...resourceKeys('jobs'),
  summary: () => ['jobs', 'summary'] as const,
};

/** Work moves on its own (a generation's progress, a retry running): the screen looks again this often. */
const FOLLOW_MS = 5_000;

/** One keyset page of jobs in a state (and kind), newest first; refreshed while the screen is open. */
export const useJobs = (query: JobListQuery) =>
  useQuery({
    queryKey: jobKeys.list(query),
    queryFn: (context) => api.jobs.list({ query }, pollOptions(context)),
    placeholderData: keepPreviousData,
    refetchInterval: FOLLOW_MS,
  });

/** Jobs counted by kind and state, and the queue's limits. */
export const useJobsSummary = () =>
  useQuery({
    queryKey: jobKeys.summary(),
    queryFn: (context) => api.jobs.summary({}, pollOptions(context)),
    refetchInterval: FOLLOW_MS,
  });

/** Retry or cancel one job; every view of the jobs (list pages, counts) is refreshed after. */
export const useJobAction = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'retry' | 'cancel' }) =>
      action === 'retry' ? api.jobs.retry({ params: { id } }) : api.jobs.cancel({ params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
};
