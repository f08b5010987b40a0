import type { Clock } from '../../src/lib/clock';

/** A clock the test moves by hand, so expiry is tested without waiting. */
export class FakeClock implements Clock {
  private current: number;
  constructor(start = Date.now()) {
    this.current = start;
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
}
