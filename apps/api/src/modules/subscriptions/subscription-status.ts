import type { Subscription } from '@pult/contract';

/** "expired" is read from the clock, not stored by a job, so a lapsed subscription is expired at once. */
export const effectiveStatus = (
  status: Subscription['status'],
  expiresAt: Date | null,
  now: Date,
): Subscription['status'] => (status === 'active' && expiresAt !== null && expiresAt <= now ? 'expired' : status);
