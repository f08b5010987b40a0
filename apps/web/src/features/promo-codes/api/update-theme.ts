import type { PromoTheme, updatePromoThemeBody } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

export type UpdateThemeBody = z.input<typeof updatePromoThemeBody>;

export const updatePromoTheme = ({ id, body }: { id: number; body: UpdateThemeBody }) =>
  apiClient.patch<PromoTheme>(`/promo-codes/${id}/theme`, body);

export const useUpdatePromoTheme = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateThemeBody) => updatePromoTheme({ id, body }),
    onSuccess: (theme) => queryClient.setQueryData(['promo-codes', 'getTheme', { id }], theme),
  });
};
