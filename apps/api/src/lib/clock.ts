/** The server's idea of "now". Tests pass a controllable clock to exercise expiry without sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
