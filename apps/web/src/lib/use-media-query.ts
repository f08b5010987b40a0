import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, read while rendering and followed as it changes. The first render
 * already has the answer, so nothing draws twice on mount (antd's `Grid.useBreakpoint` answers `{}`
 * first and re-renders its whole subtree once it has subscribed: for the staff layout, every menu
 * and header item on every page load).
 */
/** `fallback` is the answer where there is no matchMedia (a test environment without one). */
export const useMediaQuery = (query: string, fallback = false): boolean => {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches ?? fallback,
    () => fallback,
  );
};
