import { pushEndpoints } from '@pult/contract/endpoints/push';
import { useQuery } from '@tanstack/react-query';
import { api, download, saveBlob } from '../../../lib/api';

/** Under the user's key, so a change to the user refreshes it too. */
export const userConsentsKey = (userId: number) => ['users', 'one', userId, 'advertising-consents'] as const;

export const useAdvertisingConsents = (userId: number) =>
  useQuery({
    queryKey: userConsentsKey(userId),
    queryFn: ({ signal }) => api.push.userConsents({ params: { id: userId } }, { signal }),
  });

/** The proof as CSV through the API client (a plain link could not send the `Api-Token` header). */
export async function downloadConsentProof(userId: number) {
  const { blob, fileName } = await download(
    pushEndpoints.userConsentsCsv,
    { params: { id: userId } },
    () => undefined,
    { fileName: `consents-user-${userId}.csv` },
  );
  saveBlob(blob, fileName);
}
