/** The error `within` rejects with when the time ran out first. */
export class TimedOut extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

/**
 * `work`'s answer, or a `TimedOut` rejection after `ms`, whichever comes first. The work itself is not
 * stopped (a query keeps its connection until the database answers); callers that may repeat it while
 * it hangs share one attempt instead of starting more (modules/operations/readiness.ts).
 */
export function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(ms)), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
