import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';

export interface LimitRule {
  /** Failures allowed inside one window. */
  max: number;
  windowMs: number;
}

/** OWASP authentication guidance: throttle per account and, more loosely, per source address. */
export const SIGNIN_PER_ACCOUNT: LimitRule = { max: 5, windowMs: 15 * 60_000 };
export const SIGNIN_PER_IP: LimitRule = { max: 30, windowMs: 15 * 60_000 };
export const FORGOT_PER_IP: LimitRule = { max: 10, windowMs: 15 * 60_000 };

/**
 * Fixed-window counters in the database, so every API process sees the same count.
 * Returns the seconds until the window reopens when the key is over its limit, else 0.
 */
export async function blockedFor(db: Db, key: string, rule: LimitRule, now: Date): Promise<number> {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
  if (!row) return 0;
  const reopensAt = row.windowStart.getTime() + rule.windowMs;
  if (reopensAt <= now.getTime() || row.count < rule.max) return 0;
  return Math.ceil((reopensAt - now.getTime()) / 1000);
}

/** Counts one event; the upsert is atomic, so concurrent failures from several processes all count. */
export async function countHit(db: Db, key: string, rule: LimitRule, now: Date): Promise<void> {
  const windowOpen = new Date(now.getTime() - rule.windowMs);
  await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${windowOpen} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${windowOpen} THEN ${now} ELSE ${rateLimits.windowStart} END`,
      },
    });
}

export async function resetHits(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
