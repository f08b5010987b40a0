import type { Locale } from '@pult/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { resourceKeys } from '../../../lib/resources/keys';

const preferenceKeys = resourceKeys('preferences');

export const usePreferences = () =>
  useQuery({ queryKey: preferenceKeys.one('me'), queryFn: ({ signal }) => api.profile.preferences({}, { signal }) });

export const useSaveLanguage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locale: Locale) => api.profile.updatePreferences({ body: { locale } }),
    onSuccess: (saved) => queryClient.setQueryData(preferenceKeys.one('me'), saved),
  });
};

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => api.profile.changePassword({ body }),
  });
