import type { CreatePromoSeriesBody, PromoSeries } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const createPromoSeries = (body: CreatePromoSeriesBody) => apiClient.post<PromoSeries>('/promo-codes', body);

export const useCreatePromoSeries = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPromoSeries,
    onSuccess: (series) => {
      queryClient.setQueryData(['promo-codes', 'getOne', { id: series.id }], series);
      return queryClient.invalidateQueries({ queryKey: ['promo-codes', 'getList'] });
    },
  });
};
