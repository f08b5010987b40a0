import type { LiveEvent, LiveResource, RecordPresence } from '@pult/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { API_BASE_URL } from '../config/app-config';
import { api } from './api';
import { applyPresence } from './presence';
import { useSession } from './session-store';

/** The query keys each kind of record is cached under (lib/resources/keys.ts): a change refreshes them. */
const cachedUnder: Record<LiveResource, string[]> = {
  note: ['notes'],
  plan: ['plans'],
  user: ['users', 'subscriptions'],
  'promo-series': ['promo-codes'],
  'tg-channel': ['tg-channels'],
  'tg-category': ['tg-categories', 'tg-channels'],
  settings: ['settings', 'config'],
};

/** The latest change heard of each record, for «changed by … just now» on an open form. */
const latest = new Map<string, LiveEvent & { at: number }>();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The latest change of one record heard on the live stream, or undefined. */
export const useLastChange = (resource: LiveResource, id: number | undefined) =>
  useSyncExternalStore(subscribe, () => (id === undefined ? undefined : latest.get(`${resource}:${id}`)));

/** What an event does here: remembered for its record, and every view of its kind refreshed. */
export function applyLiveEvent(client: QueryClient, event: LiveEvent, now = Date.now()) {
  latest.set(`${event.resource}:${event.id}`, { ...event, at: now });
  for (const listener of listeners) listener();
  for (const key of cachedUnder[event.resource] ?? []) void client.invalidateQueries({ queryKey: [key] });
}

const FIRST_RETRY_MS = 1000;
const LONGEST_RETRY_MS = 30_000;

/**
 * Listens to `GET /api/events` while a staff member is signed in (docs/decisions/0036). EventSource cannot
 * send the token, so each connection takes a single-use ticket first; a lost connection is opened again
 * with a new ticket and the last event's id, so the server replays what was missed.
 */
export function useLiveEvents() {
  const client = useQueryClient();
  const session = useSession();
  // A stream per signed-in staff member: another one signing in opens a new stream with their role.
  const staffId = session?.role === 'admin' || session?.role === 'editor' ? session.id : undefined;
  useEffect(() => {
    if (staffId === undefined || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let lastEventId: string | undefined;
    let delay = FIRST_RETRY_MS;

    const later = () => {
      if (stopped) return;
      retry = setTimeout(() => void connect(), delay);
      delay = Math.min(delay * 2, LONGEST_RETRY_MS);
    };
    const connect = async () => {
      try {
        // The stream opens and reopens on its own: its ticket is not the person's activity.
        const { ticket } = await api.events.ticket({}, { background: true });
        if (stopped) return;
        const since = lastEventId ? `&lastEventId=${encodeURIComponent(lastEventId)}` : '';
        source = new EventSource(`${API_BASE_URL}/events?ticket=${encodeURIComponent(ticket)}${since}`);
        source.onopen = () => {
          delay = FIRST_RETRY_MS;
        };
        source.onmessage = (message) => {
          if (message.lastEventId) lastEventId = message.lastEventId;
          applyLiveEvent(client, JSON.parse(message.data) as LiveEvent);
        };
        // Who has a record open changed (docs/decisions/0043): the record's screen shows it.
        source.addEventListener('presence', (message) => applyPresence(JSON.parse(message.data) as RecordPresence));
        // More was missed than the server replays: everything is refetched.
        source.addEventListener('reset', () => void client.invalidateQueries());
        // The browser would retry with the same, used ticket: a new connection takes a new one.
        source.onerror = () => {
          source?.close();
          later();
        };
      } catch {
        later();
      }
    };
    void connect();
    return () => {
      stopped = true;
      source?.close();
      if (retry) clearTimeout(retry);
    };
  }, [client, staffId]);
}

/**
 * The stream as a component of its own, which the staff layout downloads after its first paint
 * (app/layout/app-layout.tsx, docs/decisions/0040): nothing on the first screen waits for it.
 */
export function LiveEvents() {
  useLiveEvents();
  return null;
}
