import { useCallback, useSyncExternalStore } from 'react';

/**
 * How tall a list's rows are («Плотность», as antd Pro tables have it): compact (antd's `small` table,
 * about 40 px a row, the default: a laptop shows twice the rows) or standard (`middle`). Kept per list
 * and per browser, in localStorage; every table of the same list follows a change at once.
 */
export const densities = ['compact', 'standard'] as const;
export type Density = (typeof densities)[number];
export const DEFAULT_DENSITY: Density = 'compact';

const storageKey = (list: string) => `pult.list-density.${list}`;
const listeners = new Set<() => void>();

function read(list: string): Density {
  try {
    const stored = window.localStorage.getItem(storageKey(list));
    return densities.find((density) => density === stored) ?? DEFAULT_DENSITY;
  } catch {
    // Storage refused (private mode, a policy): the default, and nothing remembered.
    return DEFAULT_DENSITY;
  }
}

function write(list: string, density: Density) {
  try {
    window.localStorage.setItem(storageKey(list), density);
  } catch {
    // Not remembered; the change still shows until the page is left.
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The list's density and its setter; `list` is the list's key (lists without one share «table»). */
export const useListDensity = (list = 'table') => {
  const density = useSyncExternalStore(
    subscribe,
    () => read(list),
    () => DEFAULT_DENSITY,
  );
  const change = useCallback((next: Density) => write(list, next), [list]);
  return [density, change] as const;
};

/** antd's table size for a density. */
export const tableSizeOf = (density: Density) => (density === 'compact' ? 'small' : 'middle');
