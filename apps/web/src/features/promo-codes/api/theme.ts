import type { PromoThemeAnswer, ThemeImageKind, UpdatePromoThemeBody } from '@pult/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { staleRecordOf } from '../../../lib/stale-version';
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

/**
 * An image is uploaded or removed over the theme's version as this screen shows it (If-Match): it replaces the
 * image the person sees. Someone else's change since (an image of theirs, new colours) makes it a 412 with the
 * theme as it is now, which the screen then shows, so the person sees the other image before choosing again;
 * a file refused so is not kept (docs/decisions/0036).
 */
const useImageChange = <V>(id: number, send: (value: V, version: number | undefined) => Promise<PromoThemeAnswer>) => {
  const queryClient = useQueryClient();
  const changed = useThemeChanged(id);
  return useMutation({
    mutationFn: (value: V) => send(value, queryClient.getQueryData<PromoThemeAnswer>(promoKeys.theme(id))?.version),
    onSuccess: changed,
    onError: (error) => {
      const now = staleRecordOf<PromoThemeAnswer>(error);
      if (now) changed(now);
    },
  });
};

export const useUploadThemeImage = (id: number) =>
  useImageChange(id, ({ kind, file }: { kind: ThemeImageKind; file: File }, version) =>
    api.promoCodes.uploadThemeImage({ params: { id, kind }, file }, { ifMatch: version }),
  );

export const useRemoveThemeImage = (id: number) =>
  useImageChange(id, (kind: ThemeImageKind, version) =>
    api.promoCodes.removeThemeImage({ params: { id, kind } }, { ifMatch: version }),
  );
