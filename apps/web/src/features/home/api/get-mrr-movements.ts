import type { MrrMovementKind } from '@pult/contract';
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

/** One page's query (key and call), as the people drawer asks for it. */
export const mrrMovementsPageQuery = (params: MrrMovementsParams) => ({
  queryKey: mrrMovementKeys.list(params),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.dashboard.mrrMovements({ query: params }, { signal }),
});
