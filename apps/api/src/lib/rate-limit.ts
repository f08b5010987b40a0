import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
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
 * Counts one attempt and says whether it is within the limit. The rule (fixed windows, the counter
 * incremented atomically BEFORE the work it guards, so parallel requests cannot all read "under the
 * limit") is the database's pult_reserve_attempts (db/functions), which the promo redemption batch
 * calls too: it is written once. The limits and windows are the callers'.
 */
export async function reserveAttempt(db: Db, key: string, rule: LimitRule, now: Date): Promise<Reservation> {
  const attempt = JSON.stringify([{ key, max: rule.max, at: now.toISOString(), windowMs: rule.windowMs }]);
  const [row] = await queryRows<{ retryAfter: number }>(
    db,
    sql`SELECT r.retry_after AS "retryAfter" FROM pult_reserve_attempts(${attempt}::jsonb) AS r`,
  );
  const retryAfter = row?.retryAfter ?? 0;
  return { allowed: retryAfter === 0, retryAfter };
}

/** Gives back one reserved attempt that turned out legitimate (a successful sign-in from a shared address). */
export async function releaseAttempt(db: Db, key: string): Promise<void> {
  await db.execute(sql`SELECT pult_release_attempts(ARRAY[${key}]::text[])`);
}

/** Forgets a key's attempts (an account's failures after it signed in successfully). */
export async function resetAttempts(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
