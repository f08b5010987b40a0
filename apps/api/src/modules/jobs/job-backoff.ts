/** The wait before a job that threw runs again: exponential, capped, with jitter. */
export interface Backoff {
  /** The first wait (after the first failed attempt). */
  baseMs: number;
  /** No wait is longer (before jitter). */
  capMs: number;
  /** ± this share of the wait, so jobs that failed together do not all return together. */
  jitter: number;
  /** [0, 1); tests pass a fixed one. */
  random: () => number;
}

export const defaultBackoff: Backoff = { baseMs: 10_000, capMs: 3_600_000, jitter: 0.2, random: Math.random };

/** base × 2^(attempts−1), at most `capMs`, then ± jitter: 10 s, 20 s, 40 s, … ±20 %. */
export function retryDelayMs(attempts: number, backoff: Backoff = defaultBackoff): number {
  const exact = Math.min(backoff.capMs, backoff.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exact * (1 + backoff.jitter * (2 * backoff.random() - 1)));
}
