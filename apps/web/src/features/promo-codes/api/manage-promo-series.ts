import type { PromoSeries } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export type SeriesAction = 'enable' | 'disable';

export const managePromoSeries = ({ id, action }: { id: number; action: SeriesAction }) =>
  apiClient.get<PromoSeries>(`/promo-codes/${id}/manage/${action}`);

export const useManagePromoSeries = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: managePromoSeries,
    onSuccess: (series) => {
      queryClient.setQueryData(['promo-codes', 'getOne', { id: series.id }], series);
      return queryClient.invalidateQueries({ queryKey: ['promo-codes', 'getList'] });
    },
  });
};
