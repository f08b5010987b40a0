import { useSyncExternalStore } from 'react';

/**
 * The installation's project name (a system setting) for the document title. The screens that load
 * the server-state cache read it from the public config and put it here (app/ui-providers.tsx); the
 * root draws the title from it, so the login pages, which load no cache, keep it once it is known.
 */
let current: string | undefined;
const listeners = new Set<() => void>();

export const projectNameStore = {
  get: (): string | undefined => current,
  set: (name: string | undefined) => {
    if (name === current) return;
    current = name;
    for (const listener of listeners) listener();
  },
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useProjectName = () => useSyncExternalStore(projectNameStore.subscribe, projectNameStore.get);
