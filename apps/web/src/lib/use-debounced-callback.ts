import { useCallback, useEffect, useMemo, useRef } from 'react';

/** Typing pauses this long before a list follows a filter typed by hand (every list: one behaviour). */
export const TYPING_DELAY_MS = 400;

/**
 * `run`, called once the calls stop for `delay` ms: the latest call's arguments win. `flush` runs a
 * waiting call at once (Enter), `cancel` drops it; unmounting drops it.
 */
export function useDebouncedCallback<A extends unknown[]>(run: (...args: A) => void, delay = TYPING_DELAY_MS) {
  const latest = useRef(run);
  latest.current = run;
  const waiting = useRef<{ timer: ReturnType<typeof setTimeout>; args: A } | null>(null);

  const cancel = useCallback(() => {
    if (waiting.current) clearTimeout(waiting.current.timer);
    waiting.current = null;
  }, []);
  const flush = useCallback(() => {
    const call = waiting.current;
    cancel();
    if (call) latest.current(...call.args);
  }, [cancel]);
  const schedule = useCallback(
    (...args: A) => {
      cancel();
      waiting.current = { args, timer: setTimeout(flush, delay) };
    },
    [cancel, flush, delay],
  );
  /** A call is waiting: the person is typing, so the field is not to be overwritten from the URL. */
  const pending = useCallback(() => waiting.current !== null, []);
  useEffect(() => cancel, [cancel]);
  // One object for the component's life: an effect that lists it runs when its own inputs change, not at
  // every render (a list refetched by a live update re-rendered the search box and emptied it mid-typing).
  return useMemo(() => ({ schedule, flush, cancel, pending }), [schedule, flush, cancel, pending]);
}
