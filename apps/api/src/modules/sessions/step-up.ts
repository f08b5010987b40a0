import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { STEP_UP_WINDOW_MS } from '../../lib/step-up';

/** Until when a proof made at `at` holds. */
export const steppedUpUntil = (at: Date): Date => new Date(at.getTime() + STEP_UP_WINDOW_MS);

/** The SQL of step-up: the session's proof and the passkey challenge it waits on. */
export const stepUpRepository = {
  /** Records a proof on a live session (a passkey's challenge, if any, is spent with it). */
  async markSteppedUp(db: Db, sessionId: number, now: Date): Promise<void> {
    await db
      .update(sessions)
      .set({ steppedUpAt: now, stepUpChallenge: null, stepUpChallengeExpiresAt: null })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  },

  async saveChallenge(db: Db, sessionId: number, challenge: string, expiresAt: Date): Promise<void> {
    await db
      .update(sessions)
      .set({ stepUpChallenge: challenge, stepUpChallengeExpiresAt: expiresAt })
      .where(eq(sessions.id, sessionId));
  },

  /** Takes the session's live passkey challenge, once: a second answer to it finds nothing. */
  async takeChallenge(db: Db, sessionId: number, now: Date): Promise<string | undefined> {
    const [row] = await db
      .select({ challenge: sessions.stepUpChallenge, expiresAt: sessions.stepUpChallengeExpiresAt })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    if (!row?.challenge || !row.expiresAt) return undefined;
    const taken = await db
      .update(sessions)
      .set({ stepUpChallenge: null, stepUpChallengeExpiresAt: null })
      .where(and(eq(sessions.id, sessionId), eq(sessions.stepUpChallenge, row.challenge)))
      .returning({ id: sessions.id });
    return taken.length > 0 && row.expiresAt > now ? row.challenge : undefined;
  },
};
