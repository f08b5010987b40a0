import type { Locale } from '@pult/contract';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { THEME_STORAGE_KEY } from '../../config/app-config';
import { isLocaleId } from '../../config/languages';
import { api } from '../api';
import { themeStore } from '../theme-store';
import { resourceKeys } from './keys';

export const preferenceKeys = resourceKeys('preferences');

/** The last language choice on its way to the server: a read waits for it, or it could answer the one before. */
let saving: Promise<unknown> = Promise.resolve();

/** The signed-in staff member's saved preferences (the interface language). */
export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: preferenceKeys.one('me'),
    queryFn: async ({ signal }) => {
      await saving;
      return api.profile.preferences({}, { signal });
    },
  });

/**
 * The one way to choose the interface language (the header's switch, the profile's select): shown
 * at once, saved on the server so it follows the person to another browser, and put in the cache,
 * so the profile, which applies the saved language, never brings back the one before. (The header
 * used to change only this browser's, and opening the profile switched back to the saved one.)
 */
const chooseLanguage = async (queryClient: QueryClient, locale: Locale): Promise<void> => {
  themeStore.set({ locale });
  queryClient.setQueryData(preferenceKeys.one('me'), { locale });
  const save = api.profile.updatePreferences({ body: { locale } });
  saving = save.catch(() => undefined);
  await save;
};

export const usePreferences = () => useQuery(preferencesQueryOptions());

/** Whether this browser keeps a language of its own (chosen here: header, profile, sign-in page). */
const browserHasLanguage = (): boolean => {
  try {
    const stored = JSON.parse(window.localStorage.getItem(THEME_STORAGE_KEY) ?? '{}') as { locale?: unknown };
    return isLocaleId(stored.locale);
  } catch {
    return false;
  }
};

/**
 * The saved language follows the person to a browser that has none of its own yet (a new one). It
 * never replaces a language chosen in this browser: the profile used to, and a choice made in the
 * header or on the sign-in page flipped back to the saved one as soon as the profile opened.
 */
export const useApplySavedLanguage = () => {
  const saved = usePreferences().data?.locale;
  useEffect(() => {
    if (saved && !browserHasLanguage()) themeStore.set({ locale: saved });
  }, [saved]);
};

/** `chooseLanguage` for a component: resolves once saved, rejects with the API's error. */
export const useChooseLanguage = () => {
  const queryClient = useQueryClient();
  return (locale: Locale) => chooseLanguage(queryClient, locale);
};
