import { type AudienceBody, type CreateReminderBody, type Reminder, userSearch } from '@pult/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pollOptions } from '../../../lib/poll-options';
import { resourceKeys } from '../../../lib/resources/keys';
import { type ReminderFilters, toApiQuery } from '../lib/reminder-filters';

export const reminderKeys = {
  ...resourceKeys('reminders'),
  audience: (body: object) => ['reminders', 'audience', body] as const,
  /** The pickers' user search: under the users' lists, so a change to users refreshes it too. */
  userSearch: (text: string) => ['users', 'list', { pushPicker: text }] as const,
};

const isMoving = (reminder: Reminder) => reminder.status === 'sending';

/** Pushes of the days `filters` name, counted on the clock of `zone` (where staff schedule them). */
export const useReminders = (filters: ReminderFilters, zone: string) =>
  useQuery(
    queryOptions({
      queryKey: reminderKeys.list({ ...filters, zone }),
      queryFn: (context) => api.push.list({ query: toApiQuery(filters, zone) }, pollOptions(context)),
      placeholderData: keepPreviousData,
      // While a push on the page is being sent, its counters keep moving.
      refetchInterval: (query) => (query.state.data?.items.some(isMoving) ? 2000 : false),
    }),
  );

export const useReminder = (id: number | undefined) =>
  useQuery({
    queryKey: reminderKeys.one(id ?? 0),
    queryFn: (context) => api.push.get({ params: { id: id ?? 0 } }, pollOptions(context)),
    enabled: Boolean(id),
    // Live progress while sending; a scheduled one is checked now and then for its start.
    refetchInterval: (query) =>
      query.state.data?.status === 'sending' ? 1000 : query.state.data?.status === 'scheduled' ? 5000 : false,
  });

export const useAudienceCount = (body: AudienceBody | undefined) =>
  useQuery({
    queryKey: reminderKeys.audience(body ?? {}),
    queryFn: ({ signal }) => api.push.audienceCount({ body: body as AudienceBody }, { signal }),
    enabled: Boolean(body),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

const useChanged = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: reminderKeys.all });
};

export const useCreateReminder = () =>
  useMutation({
    mutationFn: (body: CreateReminderBody) => api.push.create({ body }),
    onSuccess: useChanged(),
  });

export const useCancelReminder = () =>
  useMutation({ mutationFn: (id: number) => api.push.cancel({ params: { id } }), onSuccess: useChanged() });

export const useSendWinner = () =>
  useMutation({
    mutationFn: ({ id, variant }: { id: number; variant: number }) =>
      api.push.sendWinner({ params: { id }, body: { variant } }),
    onSuccess: useChanged(),
  });

export const useTestSend = () =>
  useMutation({
    mutationFn: (body: { title: string; body: string; deeplink?: string | null; userId: number }) =>
      api.push.testSend({ body }),
  });

/**
 * Active planner users matching a text, for the audience and test-send pickers: the contract's one
 * user search (e-mail, phone as people type it, name or id), as the users list and the palette search.
 */
export const useUserSearch = (text: string) =>
  useQuery({
    queryKey: reminderKeys.userSearch(text),
    queryFn: ({ signal }) =>
      api.users.list(
        {
          query: { take: 20, page: 1, sort: 'createdAt:desc', role: ['user'], status: ['active'], ...userSearch(text) },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

/** The user the composer's preview fills `{firstName}` and `{planTitle}` for (the test-send pick). */
export const usePreviewUser = (id: number | undefined) =>
  useQuery({
    queryKey: ['users', 'one', id ?? 0],
    queryFn: ({ signal }) => api.users.get({ params: { id: id ?? 0 } }, { signal }),
    enabled: Boolean(id),
    staleTime: 30_000,
  });
