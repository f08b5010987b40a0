import { describe, expect, it, vi } from 'vitest';
import { agreementKeys } from './agreements-queries';
import { reloadAgreementsOnUserChange } from './reload-agreements-on-user-change';

type Session = { id: number; role: 'admin' | 'editor' | 'user' } | null;

const fakeStore = (initial: Session) => {
  let session = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => session as never,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: Session) {
      session = next;
      for (const listener of listeners) listener();
    },
  };
};

describe('reloading agreements when the signed-in user changes', () => {
  it('reloads for a new staff user, not for a refresh of the same one', () => {
    const store = fakeStore({ id: 1, role: 'admin' });
    const invalidateQueries = vi.fn(async () => undefined);
    reloadAgreementsOnUserChange(store, { invalidateQueries } as never);
    store.set({ id: 1, role: 'admin' });
    expect(invalidateQueries).not.toHaveBeenCalled();
    store.set({ id: 2, role: 'editor' });
    expect(invalidateQueries).toHaveBeenCalledWith({ queryKey: agreementKeys.all });
    store.set(null);
    expect(invalidateQueries).toHaveBeenCalledTimes(1);
  });
});
