import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * Which edit forms hold changes not saved yet. Forms register here (`useUnsavedChanges`) and one guard
 * in the layout asks before leaving: react-router allows a single blocker at a time, so a page with
 * two forms (or a form in a drawer over another) must not each install their own.
 */
const dirtyForms = new Set<symbol>();
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const hasUnsavedChanges = () => dirtyForms.size > 0;

/**
 * Marks the calling form as holding unsaved changes while `dirty` is true (and until it unmounts).
 * Returns `release`, which forgets the changes at once: a form that saved and then navigates in the
 * same tick must not be stopped by its own, already saved, changes.
 */
export function useUnsavedChanges(dirty: boolean): () => void {
  const current = useRef<symbol | null>(null);
  const release = useCallback(() => {
    if (current.current && dirtyForms.delete(current.current)) emit();
    current.current = null;
  }, []);
  useEffect(() => {
    if (!dirty) return;
    const id = Symbol('dirty form');
    current.current = id;
    dirtyForms.add(id);
    emit();
    return () => {
      if (current.current === id) current.current = null;
      if (dirtyForms.delete(id)) emit();
    };
  }, [dirty]);
  return release;
}

/** True while any form holds unsaved changes (read by the guard). */
export const useHasUnsavedChanges = () => useSyncExternalStore(subscribe, hasUnsavedChanges);
