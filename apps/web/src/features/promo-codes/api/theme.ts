import type { PromoTheme, ThemeImageKind, UpdatePromoThemeBody } from '@pult/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { promoKeys } from './keys';

export const usePromoTheme = (id: number) =>
  useQuery({
    queryKey: promoKeys.theme(id),
    queryFn: ({ signal }) => api.promoCodes.getTheme({ params: { id } }, { signal }),
  });

/** The answer is the whole new theme: shown at once, then every view of promo codes reloads. */
const useThemeChanged = (id: number) => {
  const queryClient = useQueryClient();
  return (theme: PromoTheme) => {
    queryClient.setQueryData(promoKeys.theme(id), theme);
    return queryClient.invalidateQueries({ queryKey: promoKeys.all });
  };
};

export const useUpdatePromoTheme = (id: number) =>
  useMutation({
    mutationFn: (body: UpdatePromoThemeBody) => api.promoCodes.updateTheme({ params: { id }, body }),
    onSuccess: useThemeChanged(id),
  });

export const useUploadThemeImage = (id: number) =>
  useMutation({
    mutationFn: ({ kind, file }: { kind: ThemeImageKind; file: File }) =>
      api.promoCodes.uploadThemeImage({ params: { id, kind }, file }),
    onSuccess: useThemeChanged(id),
  });

export const useRemoveThemeImage = (id: number) =>
  useMutation({
    mutationFn: (kind: ThemeImageKind) => api.promoCodes.removeThemeImage({ params: { id, kind } }),
    onSuccess: useThemeChanged(id),
  });
