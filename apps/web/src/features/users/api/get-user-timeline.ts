import type { TimelineKind } from '@pult/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { userKeys } from './user-cache';

/**
 * Under the user's own key: every change to a user (a grant, a block, an edit) invalidates
 * `['users']`, and so refreshes the timeline with it.
 */
const timelineKey = (userId: number, params: object) => [...userKeys.one(userId), 'timeline', params] as const;

export const userTimelineQueryOptions = (userId: number, page: number, take: number, kind: TimelineKind[]) =>
  queryOptions({
    queryKey: timelineKey(userId, { page, take, kind }),
    queryFn: ({ signal }) =>
      api.dashboard.userTimeline(
        { params: { id: userId }, query: { page, take, ...(kind.length ? { kind } : {}) } },
        { signal },
      ),
  });

export const useUserTimeline = (userId: number, page: number, take: number, kind: TimelineKind[]) =>
  useQuery({ ...userTimelineQueryOptions(userId, page, take, kind), placeholderData: keepPreviousData });
