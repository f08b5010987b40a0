import type { PromoTheme, ThemeImageKind } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const removeThemeImage = ({ id, kind }: { id: number; kind: ThemeImageKind }) =>
  apiClient.delete<PromoTheme>(`/promo-codes/${id}/${kind}`);

export const useRemoveThemeImage = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: ThemeImageKind) => removeThemeImage({ id, kind }),
    onSuccess: (theme) => queryClient.setQueryData(['promo-codes', 'getTheme', { id }], theme),
  });
};
