import type { QueryFunctionContext } from '@tanstack/react-query';

// Apart from query-client.ts: the screens that poll import only this, not the query client (which
// would then be split into a chunk of its own on every first visit).
/**
 * The call options of a query that follows running work (refetchInterval): its signal, and whether this
 * fetch is the page looking again on its own. Once the query has data, its fetches are the poll, not a
 * person, so they go as background requests (lib/api-client.ts) and leave the idle time-out running.
 */
export const pollOptions = ({ signal, client, queryKey }: QueryFunctionContext) => ({
  signal,
  background: (client.getQueryState(queryKey)?.dataUpdateCount ?? 0) > 0,
});
