import type { CreatePromoSeriesBody, PromoSeries, PromoSeriesAction } from '@pult/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pollOptions } from '../../../lib/poll-options';
import { isGenerating } from '../lib/progress';
import { type SeriesFilters, toApiQuery } from '../lib/series-filters';
import { promoKeys } from './keys';

export const promoSeriesListQueryOptions = (filters: SeriesFilters) =>
  queryOptions({
    queryKey: promoKeys.list(filters),
    queryFn: (context) => api.promoCodes.list({ query: toApiQuery(filters) }, pollOptions(context)),
    placeholderData: keepPreviousData,
    // While any series on the page is still being generated, its counters keep moving.
    refetchInterval: (query) => (query.state.data?.items.some(isGenerating) ? 2000 : false),
  });

export const usePromoSeriesList = (filters: SeriesFilters) => useQuery(promoSeriesListQueryOptions(filters));

export const promoSeriesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: promoKeys.one(id),
    queryFn: (context) => api.promoCodes.get({ params: { id } }, pollOptions(context)),
    // Codes are made in the background: poll every second until the series is done or failed.
    refetchInterval: (query) => (query.state.data && isGenerating(query.state.data) ? 1000 : false),
  });

export const usePromoSeries = (id: number) => useQuery({ ...promoSeriesQueryOptions(id), enabled: id > 0 });

export const usePrefilledSeries = (enabled: boolean) =>
  useQuery({
    queryKey: promoKeys.prefilled(),
    queryFn: ({ signal }) => api.promoCodes.prefilled({}, { signal }),
    enabled,
    // Defaults carry dates relative to now; take fresh ones for every new form.
    staleTime: 0,
    gcTime: 0,
  });

/** After a change: the changed series shows at once, and every view of promo codes reloads. */
const useSeriesChanged = () => {
  const queryClient = useQueryClient();
  return (series: PromoSeries) => {
    queryClient.setQueryData(promoKeys.one(series.id), series);
    return queryClient.invalidateQueries({ queryKey: promoKeys.all });
  };
};

export const useCreatePromoSeries = () =>
  useMutation({
    mutationFn: (body: CreatePromoSeriesBody) => api.promoCodes.create({ body }),
    onSuccess: useSeriesChanged(),
  });

/** `version`: the series' version the page shows, sent as If-Match (a stale one: 412 with the series now). */
export const useManagePromoSeries = () =>
  useMutation({
    mutationFn: ({ version, ...params }: { id: number; action: PromoSeriesAction; version?: number }) =>
      api.promoCodes.manage({ params }, { ifMatch: version }),
    onSuccess: useSeriesChanged(),
  });

/** A series' «История» (its status and its theme), under the series' own key. */
export const seriesRevisionsKey = (id: number) => [...promoKeys.one(id), 'revisions'] as const;
export const loadSeriesRevisions = (id: number, signal: AbortSignal) =>
  api.promoCodes.revisions({ params: { id } }, { signal });
export const restoreSeriesRevision = (id: number, revisionId: number) =>
  api.promoCodes.restoreRevision({ params: { id, revisionId } });
