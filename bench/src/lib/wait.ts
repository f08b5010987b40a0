/** Polls `read` until `done` says so or the time runs out (no fixed sleeps in the measurement). */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  options: { intervalMs: number; timeoutMs: number; what: string },
): Promise<T> {
  const deadline = performance.now() + options.timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${options.what}`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs));
  }
}
