import type { PeopleFigure } from '@pult/contract';
import { api } from '../../../lib/api';
import { resourceKeys } from '../../../lib/resources/keys';

export const peopleKeys = resourceKeys('figure-people');

export interface PeopleParams {
  figure: PeopleFigure;
  from: string;
  to: string;
  seriesId?: number;
  reason?: string;
  page: number;
  take: number;
}

/** One page's query (key and call), as the people drawer asks for it. */
export const peoplePageQuery = (params: PeopleParams) => ({
  queryKey: peopleKeys.list(params),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.dashboard.people({ query: params }, { signal }),
});
