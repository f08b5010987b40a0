import type { PromoTheme, ThemeImageKind } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const uploadThemeImage = ({ id, kind, file }: { id: number; kind: ThemeImageKind; file: File }) => {
  const form = new FormData();
  form.append('image', file);
  return apiClient.post<PromoTheme>(`/promo-codes/${id}/${kind}`, form);
};

export const useUploadThemeImage = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: ThemeImageKind; file: File }) => uploadThemeImage({ id, kind, file }),
    onSuccess: (theme) => queryClient.setQueryData(['promo-codes', 'getTheme', { id }], theme),
  });
};
