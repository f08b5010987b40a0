import { vi } from 'vitest';

/**
 * `window.matchMedia` answering each query with `answer(query)`, read afresh every time, as a browser's
 * does. Call `changed()` after the state `answer` reads has changed: every listener hears of it, as when
 * the window is resized or a system setting changes. Restored by `vi.restoreAllMocks()`.
 */
export const fakeMatchMedia = (answer: (query: string) => boolean) => {
  const listeners = new Set<() => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        get matches() {
          return answer(query);
        },
        media: query,
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return {
    changed() {
      for (const listener of listeners) listener();
    },
    listeners,
  };
};
