import type { FailedSignIns, SessionUser, User } from '@pult/contract';
import { useSyncExternalStore } from 'react';
import { SESSION_STORAGE_KEY } from '../config/app-config';

/**
 * What is kept under `@user`: the signed-in user and the token pair, with `apiTokenExpiresAt`
 * replaced by a client-side deadline in epoch milliseconds. Counting the deadline
 * from the browser's own clock keeps refresh timing right even if the server's clock differs.
 */
export type StoredSession = Omit<User, 'version'> & {
  apiToken: string;
  refreshToken: string;
  apiTokenExpiresAt: number;
  /** The sign-in's notice of refused sign-ins before it, until the staff member dismisses it (issue 31). */
  failedSignIns?: FailedSignIns | null;
};

export const toStoredSession = (session: SessionUser, now: number): StoredSession => {
  const { expiresIn, apiTokenExpiresAt: _serverDeadline, ...rest } = session;
  return { ...rest, apiTokenExpiresAt: now + expiresIn * 1000 };
};

const isStoredSession = (value: unknown): value is StoredSession => {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.apiToken === 'string' &&
    record.apiToken.length > 0 &&
    typeof record.refreshToken === 'string' &&
    typeof record.apiTokenExpiresAt === 'number' &&
    typeof record.role === 'string'
  );
};

export interface SessionStore {
  get(): StoredSession | null;
  set(session: StoredSession): void;
  clear(): void;
  /** Replaces the user fields (after `GET /users/me`) and keeps the tokens. */
  updateUser(user: Omit<User, 'version'>): void;
  subscribe(listener: () => void): () => void;
  /** Re-reads storage: another tab may have refreshed or cleared the session. */
  reload(): void;
}

export const createSessionStore = (storage: Storage, key = SESSION_STORAGE_KEY): SessionStore => {
  const listeners = new Set<() => void>();
  // Cached so that useSyncExternalStore gets the same object until something changes.
  let current: StoredSession | null = null;
  let raw: string | null | undefined;

  const read = (): StoredSession | null => {
    const next = storage.getItem(key);
    if (next === raw) return current;
    raw = next;
    try {
      const parsed: unknown = next ? JSON.parse(next) : null;
      current = isStoredSession(parsed) ? parsed : null;
    } catch {
      current = null;
    }
    return current;
  };

  const emit = () => {
    for (const listener of listeners) listener();
  };

  const write = (session: StoredSession | null) => {
    if (session) storage.setItem(key, JSON.stringify(session));
    else storage.removeItem(key);
    read();
    emit();
  };

  return {
    get: read,
    set: (session) => write(session),
    clear: () => write(null),
    updateUser: (user) => {
      const session = read();
      if (session) write({ ...session, ...user });
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reload: () => {
      const before = current;
      if (read() !== before) emit();
    },
  };
};

export const sessionStore = createSessionStore(window.localStorage);

// Keeps tabs in step: signing out or refreshing in one tab is seen by the others.
window.addEventListener('storage', (event) => {
  if (event.key === null || event.key === SESSION_STORAGE_KEY) sessionStore.reload();
});

export const useSession = (): StoredSession | null => useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
