import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

export interface LimitRule {
  /** Attempts allowed inside one window. */
  max: number;
  windowMs: number;
}

export interface Reservation {
  allowed: boolean;
  /** Seconds until the window reopens; 0 when allowed. */
  retryAfter: number;
}

/**
 * Counts one attempt and says whether it is within the limit, in one atomic upsert: the counter is
 * incremented BEFORE the work it guards (a password hash, a code lookup), so parallel requests
 * cannot all read "under the limit" and then all be checked — the flaw of a read-then-count limiter.
 * Fixed windows in the database, so every API process shares the same counts.
 */
export async function reserveAttempt(db: Db, key: string, rule: LimitRule, now: Date): Promise<Reservation> {
  const windowOpen = new Date(now.getTime() - rule.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${windowOpen} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${windowOpen} THEN ${now} ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  if (!row || row.count <= rule.max) return { allowed: true, retryAfter: 0 };
  const reopensAt = row.windowStart.getTime() + rule.windowMs;
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((reopensAt - now.getTime()) / 1000)) };
}

/** Gives back one reserved attempt that turned out legitimate (a successful sign-in from a shared address). */
export async function releaseAttempt(db: Db, key: string): Promise<void> {
  // A counter back at zero stays until the cleanup job finds its window stale: deleting it here made
  // the next attempt insert it again, and a hot key's index filled with dead versions (migration 0017).
  await db
    .update(rateLimits)
    .set({ count: sql`GREATEST(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

/** Forgets a key's attempts (an account's failures after it signed in successfully). */
export async function resetAttempts(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
