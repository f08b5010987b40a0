import type { PresenceResource, RecordPresence } from '@pult/contract';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { api } from './api';
import { PRESENCE_HEARTBEAT_MS } from './contract-values';
import { useSession } from './session-store';

/**
 * Presence and soft edit locks on the web (docs/decisions/0043): who has a record open, who holds its
 * edit lock. Each open record's tab beats every 10 s; the state comes from each beat's answer and from
 * the live stream's `presence` events (lib/live-events.ts), whichever is newer (`seq`).
 */

/** This tab's id: one person's two tabs are two presences, and a reload is a new one (the old expires). */
export const TAB_ID = `t${Math.random().toString(36).slice(2, 12)}${Date.now().toString(36)}`;

const states = new Map<string, RecordPresence>();
const listeners = new Set<() => void>();
const keyOf = (resource: PresenceResource, id: number) => `${resource}:${id}`;
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Keeps a state of a record's presence unless a newer one is already known. */
export function applyPresence(state: RecordPresence) {
  const key = keyOf(state.resource, state.id);
  const known = states.get(key);
  if (known && known.seq > state.seq) return;
  states.set(key, state);
  for (const listener of listeners) listener();
}

/** What a record's screen shows and does about presence. */
export interface RecordPresenceView {
  state: RecordPresence | undefined;
  /** Someone else (another person, or this person's other tab) holds the edit lock. */
  lockedBy: { id: number; name: string } | null;
  /** This tab held the lock and someone took it over: their name. */
  takenOverBy: string | null;
  /** The others who have the record open, besides the lock's holder. */
  others: { id: number; name: string }[];
  takeOver(): Promise<void>;
}

/**
 * Says this tab has the record open (and edits it, with `editing`) while the screen is mounted: a beat at
 * once, then every 10 s; unmounting or closing the tab (`pagehide`, sent with keepalive) says goodbye, so
 * the lock is free at once. A tab that dies silently is forgotten by the server 30 s after its last beat.
 */
export function useRecordPresence(
  resource: PresenceResource,
  id: number | undefined,
  editing: boolean,
): RecordPresenceView {
  const session = useSession();
  const editingRef = useRef(editing);
  editingRef.current = editing;
  const heldRef = useRef(false);
  const takenOverRef = useRef<string | null>(null);

  const beat = useCallback(
    async (takeOver = false) => {
      if (id === undefined) return;
      const body = { tab: TAB_ID, editing: editingRef.current, ...(takeOver ? { takeOver: true } : {}) };
      try {
        // A beat is the page's own (not the person's activity), except the take-over the person asked for.
        applyPresence(await api.presence.beat({ params: { resource, id }, body }, { background: !takeOver }));
      } catch {
        // A lost beat is made up by the next one; the server forgets a silent tab on its own.
      }
    },
    [resource, id],
  );

  useEffect(() => {
    if (id === undefined) return;
    void beat();
    const timer = setInterval(() => void beat(), PRESENCE_HEARTBEAT_MS);
    const leave = () =>
      void api.presence
        .leave({ params: { resource, id }, query: { tab: TAB_ID } }, { keepalive: true, background: true })
        .then(applyPresence, () => undefined);
    // The page is restored from the back-forward cache: it is there again.
    const back = (event: PageTransitionEvent) => event.persisted && void beat();
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', back);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', back);
      heldRef.current = false;
      takenOverRef.current = null;
      leave();
    };
  }, [beat, resource, id]);

  // Opening or closing the form says so at once, not at the next beat.
  const sentEditing = useRef(editing);
  useEffect(() => {
    if (sentEditing.current === editing) return;
    sentEditing.current = editing;
    void beat();
  });

  const state = useSyncExternalStore(subscribe, () => (id === undefined ? undefined : states.get(keyOf(resource, id))));
  const editor = state?.editor ?? null;
  const mine = editor !== null && editor.tab === TAB_ID && editor.id === session?.id;
  if (mine) {
    heldRef.current = true;
    takenOverRef.current = null;
  } else if (heldRef.current && editor) {
    heldRef.current = false;
    takenOverRef.current = editor.name;
  } else if (!editing) takenOverRef.current = null;
  const lockedBy = editor && !mine ? { id: editor.id, name: editor.name } : null;
  const others = (state?.viewers ?? []).filter((viewer) => viewer.id !== session?.id && viewer.id !== editor?.id);
  return {
    state,
    lockedBy,
    takenOverBy: lockedBy ? takenOverRef.current : null,
    others,
    takeOver: () => beat(true),
  };
}

/**
 * A record's presence as the beats of this tab and the live stream last told it, without saying this tab is
 * there: for a screen of many records (the Telegram board's categories) that beats only for the one being
 * edited. A record nobody changed since the screen opened is not known yet (undefined).
 */
export function usePresenceState(resource: PresenceResource, id: number): RecordPresence | undefined {
  return useSyncExternalStore(subscribe, () => states.get(keyOf(resource, id)));
}
