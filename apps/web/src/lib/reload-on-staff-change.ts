import { isStaffRole } from '@pult/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { SessionStore } from './session-store';

/**
 * When the signed-in staff member changes (sign-in, another account in another tab), the given
 * resources are loaded again for them: what one staff member may see is not assumed to be what the
 * next may. A token refresh stores the same user and reloads nothing; sign-out clears the whole
 * cache elsewhere (main.tsx). Returns the unsubscribe.
 */
export const reloadOnStaffChange = (
  store: Pick<SessionStore, 'get' | 'subscribe'>,
  queryClient: Pick<QueryClient, 'invalidateQueries'>,
  queryKeys: readonly QueryKey[],
): (() => void) => {
  const staffId = () => {
    const session = store.get();
    return session && isStaffRole(session.role) ? session.id : null;
  };
  let current = staffId();
  return store.subscribe(() => {
    const next = staffId();
    if (next === current) return;
    current = next;
    if (next === null) return;
    for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
  });
};
