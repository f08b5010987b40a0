import type { CohortGrouping } from '@pult/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { resourceKeys } from '../../../lib/resources/keys';

export const cohortKeys = resourceKeys('cohorts');

export const cohortsQueryOptions = (by: CohortGrouping) =>
  queryOptions({
    queryKey: cohortKeys.list({ by }),
    queryFn: ({ signal }) => api.dashboard.cohorts({ query: { by } }, { signal }),
    // The grid is rebuilt at most hourly (decision 0046): five minutes old is as fresh as it gets.
    staleTime: 5 * 60_000,
  });

/** The other grouping's grid stays on screen while the chosen one loads. */
export const useCohorts = (by: CohortGrouping) =>
  useQuery({ ...cohortsQueryOptions(by), placeholderData: keepPreviousData });
