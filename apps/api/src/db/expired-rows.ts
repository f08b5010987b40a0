import { sql } from 'drizzle-orm';
import { type Db, queryRows } from './client';

/** Rows per table per run: a run stays short however far behind the cleanup is. */
export const CLEANUP_BATCH = 5_000;

/** A rate-limit window is 15 minutes; a day-old counter can only ever reset, never block. */
const RATE_LIMIT_STALE_MS = 24 * 3600 * 1000;

/**
 * Deletes rows that can never matter again, at most `limit` per table: expired tokens (a token is
 * useless after its expiry, and a refresh token expires with its session, so replay detection is
 * kept for the session's whole life), sessions past their absolute end once their tokens are gone,
 * used or expired password resets, and stale rate-limit counters. SKIP LOCKED: rows another
 * transaction is using are left for the next run rather than waited for.
 */
export async function deleteExpiredRows(db: Db, now: Date, limit = CLEANUP_BATCH): Promise<Record<string, number>> {
  const count = async (query: ReturnType<typeof sql>) =>
    (
      await queryRows<{ n: number }>(db, sql`WITH gone AS (${query} RETURNING 1) SELECT count(*)::int AS n FROM gone`)
    )[0]?.n ?? 0;
  const tokens = await count(sql`
    DELETE FROM session_tokens WHERE hash IN (
      SELECT hash FROM session_tokens WHERE expires_at < ${now} LIMIT ${limit} FOR UPDATE SKIP LOCKED)`);
  const sessions = await count(sql`
    DELETE FROM sessions WHERE id IN (
      SELECT s.id FROM sessions s
      WHERE s.expires_at < ${now} AND NOT EXISTS (SELECT 1 FROM session_tokens t WHERE t.session_id = s.id)
      LIMIT ${limit} FOR UPDATE SKIP LOCKED)`);
  const passwordResets = await count(sql`
    DELETE FROM password_resets WHERE hash IN (
      SELECT hash FROM password_resets WHERE used_at IS NOT NULL OR expires_at < ${now}
      LIMIT ${limit} FOR UPDATE SKIP LOCKED)`);
  const rateLimits = await count(sql`
    DELETE FROM rate_limits WHERE key IN (
      SELECT key FROM rate_limits WHERE window_start < ${new Date(now.getTime() - RATE_LIMIT_STALE_MS)}
      LIMIT ${limit} FOR UPDATE SKIP LOCKED)`);
  return { tokens, sessions, passwordResets, rateLimits };
}
