import type { MrrMovementKind } from '@pult/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { resourceKeys } from '../../../lib/resources/keys';

export const mrrMovementKeys = resourceKeys('mrr-movements');

export interface MrrMovementsParams {
  kind: MrrMovementKind;
  from: string;
  to: string;
  page: number;
  take: number;
}

export const mrrMovementsQueryOptions = (params: MrrMovementsParams) =>
  queryOptions({
    queryKey: mrrMovementKeys.list(params),
    queryFn: ({ signal }) => api.dashboard.mrrMovements({ query: params }, { signal }),
    staleTime: 60_000,
  });

/** The customers behind one figure; the page on screen stays while the next one loads. */
export const useMrrMovements = (params: MrrMovementsParams | null) =>
  useQuery({
    ...mrrMovementsQueryOptions(params ?? { kind: 'new', from: '', to: '', page: 1, take: 20 }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
