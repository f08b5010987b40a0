import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { reloadOnStaffChange } from './reload-on-staff-change';
import { createSessionStore, type StoredSession } from './session-store';

const memoryStorage = (): Storage => {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
};

const session = (id: number, role: StoredSession['role'] = 'admin', apiToken = `token-${id}`): StoredSession => ({
  id,
  email: `staff${id}@pult.test`,
  phoneNumber: null,
  firstName: null,
  lastName: null,
  role,
  status: 'active',
  avatar: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  lastSeenAt: null,
  register: null,
  apiToken,
  refreshToken: `refresh-${id}`,
  apiTokenExpiresAt: Date.now() + 3_600_000,
});

const setup = (initial: StoredSession | null = null) => {
  const store = createSessionStore(memoryStorage(), '@user');
  if (initial) store.set(initial);
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const stop = reloadOnStaffChange(store, queryClient, [['plans'], ['agreements']]);
  return { store, queryClient, invalidate, stop };
};

describe('reloading resources when the signed-in staff member changes', () => {
  it('reloads every given resource after sign-in', () => {
    const { store, invalidate } = setup();
    store.set(session(1));
    expect(invalidate).toHaveBeenCalledTimes(2);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['plans'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['agreements'] });
  });

  it('does not reload when a planner user (not staff) signs in', () => {
    const { store, invalidate } = setup();
    store.set(session(3, 'user'));
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('reloads when another staff member takes over the session', () => {
    const { store, invalidate } = setup(session(1));
    store.set(session(2, 'editor'));
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it('does not reload on a token refresh or a profile update of the same user', () => {
    const { store, invalidate } = setup(session(1));
    store.set(session(1, 'admin', 'rotated-token'));
    store.updateUser({ ...session(1), firstName: 'Анна' });
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('does not reload on sign-out, and reloads for whoever signs in next', () => {
    const { store, invalidate } = setup(session(1));
    store.clear();
    expect(invalidate).not.toHaveBeenCalled();
    store.set(session(1));
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it('marks cached plans stale so that they are fetched again', async () => {
    const { store, queryClient } = setup(session(1));
    queryClient.setQueryData(['plans', 'getList', {}], { items: [], count: 0 });
    queryClient.setQueryData(['users', 'getList', {}], { items: [], count: 0 });
    store.set(session(2));
    await Promise.resolve();
    expect(queryClient.getQueryState(['plans', 'getList', {}])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['users', 'getList', {}])?.isInvalidated).toBe(false);
  });

  it('stops listening when unsubscribed', () => {
    const { store, invalidate, stop } = setup();
    stop();
    store.set(session(1));
    expect(invalidate).not.toHaveBeenCalled();
  });
});
