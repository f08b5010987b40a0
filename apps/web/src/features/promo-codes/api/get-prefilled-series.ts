import type { prefilledSeries } from '@pult/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

export type PrefilledSeries = z.infer<typeof prefilledSeries>;

export const getPrefilledSeries = () => apiClient.get<PrefilledSeries>('/promo-codes/prefilled-serie');

export const prefilledSeriesQueryOptions = () =>
  queryOptions({
    queryKey: ['promo-codes', 'getPrefilled'],
    queryFn: getPrefilledSeries,
    // Defaults carry dates relative to now; take fresh ones for every new form.
    staleTime: 0,
    gcTime: 0,
  });

export const usePrefilledSeries = (enabled: boolean) => useQuery({ ...prefilledSeriesQueryOptions(), enabled });
