/**
 * When this browser last sent a request of the session, shared by its tabs (localStorage): the server
 * ends a staff session after the idle setting without one, and the idle warning counts from here.
 */
const KEY = 'pult-last-request';
/** Written at most this often: every request reads the time, few need to store it. */
const WRITE_EVERY_MS = 5_000;
let last = 0;

export function recordRequest(at: number): void {
  if (at - last < WRITE_EVERY_MS) return;
  last = at;
  try {
    window.localStorage.setItem(KEY, String(at));
  } catch {
    // Storage full or refused: this tab still knows its own time.
  }
}

/** The last request of any tab, or null before the first. */
export function lastRequestAt(): number | null {
  const stored = Number(window.localStorage.getItem(KEY));
  const latest = Math.max(last, Number.isFinite(stored) ? stored : 0);
  return latest > 0 ? latest : null;
}
