import type { PasskeyItem } from '@pult/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { PasskeyElsewhereError, passkeyAddress } from '../../../lib/passkeys';
import { resourceKeys } from '../../../lib/resources/keys';

const passkeyKeys = resourceKeys('my-passkeys');
const factorKeys = resourceKeys('my-factors');
const sessionKeys = resourceKeys('my-sessions');

/** The caller's passkeys, and the address where passkeys of this installation work. */
export const useMyPasskeys = () => useQuery({ queryKey: passkeyKeys.all, queryFn: () => api.passkeys.list() });

/**
 * Registers a passkey: the API's options, the browser's dialog (its code loaded only now), the answer
 * back. Adding a factor ends the other sessions, so the factors and sessions are read again too.
 */
export const useAddPasskey = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const options = await api.passkeys.registrationOptions();
      const rpId = String((options.rp as { id?: string } | undefined)?.id ?? '');
      const elsewhere = passkeyAddress(rpId, '/app/profile');
      if (elsewhere) throw new PasskeyElsewhereError(elsewhere);
      const { startRegistration } = await import('@simplewebauthn/browser');
      const response = await startRegistration({ optionsJSON: options as never });
      return api.passkeys.add({ body: { name, response: response as never } });
    },
    onSuccess: () => {
      for (const keys of [passkeyKeys, factorKeys, sessionKeys]) void client.invalidateQueries({ queryKey: keys.all });
    },
  });
};

export const useRenamePasskey = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }): Promise<PasskeyItem> =>
      api.passkeys.rename({ params: { id }, body: { name } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: passkeyKeys.all }),
  });
};

export const useRemovePasskey = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) =>
      api.passkeys.remove({ params: { id }, body: { password } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: passkeyKeys.all });
      void client.invalidateQueries({ queryKey: factorKeys.all });
    },
  });
};
