import type { PromoThemeAnswer, ThemeImageKind, UpdatePromoThemeBody } from '@pult/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { promoKeys } from './keys';

export const usePromoTheme = (id: number) =>
  useQuery({
    queryKey: promoKeys.theme(id),
    queryFn: ({ signal }) => api.promoCodes.getTheme({ params: { id } }, { signal }),
  });

/**
 * The answer is the whole new theme, and only the theme editor shows it: it is put in the cache
 * as it is, with no refetch. Synchronously, too: the editor remounts on new colours and texts, and
 * a caller's own onSuccess (the "saved" message) runs only while the caller is still mounted.
 * The theme is part of the series' version: the series is read again, so its next change (on/off) goes
 * over the version the theme's save made.
 */
const useThemeChanged = (id: number) => {
  const queryClient = useQueryClient();
  return (theme: PromoThemeAnswer) => {
    queryClient.setQueryData(promoKeys.theme(id), theme);
    void queryClient.invalidateQueries({ queryKey: promoKeys.one(id), exact: true });
  };
};

/** `version`: the series' version the theme form was opened on, sent as If-Match (a stale one: 412 with the theme now). */
export const useUpdatePromoTheme = (id: number) =>
  useMutation({
    mutationFn: ({ body, version }: { body: UpdatePromoThemeBody; version?: number }) =>
      api.promoCodes.updateTheme({ params: { id }, body }, { ifMatch: version }),
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
