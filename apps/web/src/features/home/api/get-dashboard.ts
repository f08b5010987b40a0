import type { DashboardPeriod } from '@pult/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { resourceKeys } from '../../../lib/resources/keys';

export const dashboardKeys = resourceKeys('dashboard');

export const dashboardQueryOptions = (period: DashboardPeriod) =>
  queryOptions({
    queryKey: dashboardKeys.one(period),
    queryFn: ({ signal }) => api.dashboard.data({ query: { period } }, { signal }),
    // Today is counted live: a minute-old answer is as good as a fresh one for a morning glance.
    staleTime: 60_000,
  });

/** The previous period's figures stay on screen while another period loads (no flash to skeletons). */
export const useDashboard = (period: DashboardPeriod) =>
  useQuery({ ...dashboardQueryOptions(period), placeholderData: keepPreviousData });
