import { and, count, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mfaChallenges, passkeyRegistrations, passkeys, recoveryCodes, totpFactors } from '../../db/schema';

export type TotpRow = typeof totpFactors.$inferSelect;

/** A step is accepted only if it is later than the last accepted one: the one guard against replay. */
const laterStep = (step: number) => or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step));

/** The SQL of second factors and sign-in challenges. Secrets arrive sealed, codes and tokens hashed. */
export const mfaRepository = {
  async totp(db: Db, userId: number): Promise<TotpRow | undefined> {
    const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
    return row;
  },

  /** Starts (or restarts) an enrolment; false when a confirmed factor is already there. */
  async savePendingTotp(db: Db, userId: number, secret: string, now: Date): Promise<boolean> {
    const saved = await db
      .insert(totpFactors)
      .values({ userId, secret, createdAt: now })
      .onConflictDoUpdate({
        target: totpFactors.userId,
        set: { secret, createdAt: now, lastUsedStep: null },
        setWhere: isNull(totpFactors.confirmedAt),
      })
      .returning({ userId: totpFactors.userId });
    return saved.length > 0;
  },

  /** Confirms a pending factor with the step of its first code, at most once. */
  async confirmTotp(db: Db, userId: number, step: number, now: Date): Promise<boolean> {
    const rows = await db
      .update(totpFactors)
      .set({ confirmedAt: now, lastUsedStep: step })
      .where(and(eq(totpFactors.userId, userId), isNull(totpFactors.confirmedAt), laterStep(step)))
      .returning({ userId: totpFactors.userId });
    return rows.length > 0;
  },

  /** Spends a step of a confirmed factor; a concurrent second use of the same code finds nothing to update. */
  async useTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
    const rows = await db
      .update(totpFactors)
      .set({ lastUsedStep: step })
      .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt), laterStep(step)))
      .returning({ userId: totpFactors.userId });
    return rows.length > 0;
  },

  async replaceRecoveryCodes(db: Db, userId: number, hashes: string[], now: Date): Promise<void> {
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await db.insert(recoveryCodes).values(hashes.map((hash) => ({ hash, userId, createdAt: now })));
  },

  /** Spends a recovery code, once even under concurrency. */
  async useRecoveryCode(db: Db, userId: number, hash: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(recoveryCodes.hash, hash), eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
      .returning({ hash: recoveryCodes.hash });
    return rows.length > 0;
  },

  async unusedRecoveryCodes(db: Db, userId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return row?.n ?? 0;
  },

  async removeRecoveryCodes(db: Db, userId: number): Promise<void> {
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  },

  /** Removes the authenticator app; the caller decides whether the recovery codes go too. */
  async removeTotp(db: Db, userId: number): Promise<boolean> {
    const gone = await db
      .delete(totpFactors)
      .where(eq(totpFactors.userId, userId))
      .returning({ userId: totpFactors.userId });
    return gone.length > 0;
  },

  /** Removes every factor of an account and its recovery codes (an admin's reset). True if there was one. */
  async removeFactors(db: Db, userId: number): Promise<boolean> {
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await db.delete(passkeyRegistrations).where(eq(passkeyRegistrations.userId, userId));
    const keys = await db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
    const app = await this.removeTotp(db, userId);
    return app || keys.length > 0;
  },

  async insertChallenge(db: Db, values: { hash: string; userId: number; createdAt: Date; expiresAt: Date }) {
    await db.insert(mfaChallenges).values(values);
  },

  /** The account behind a live (unused, unexpired) challenge. */
  async liveChallenge(db: Db, hash: string, now: Date): Promise<number | undefined> {
    const [row] = await db
      .select({ userId: mfaChallenges.userId })
      .from(mfaChallenges)
      .where(and(eq(mfaChallenges.hash, hash), isNull(mfaChallenges.usedAt), gt(mfaChallenges.expiresAt, now)));
    return row?.userId;
  },

  /** Spends a live challenge; the conditional update makes it single-use under concurrency. */
  async claimChallenge(db: Db, hash: string, now: Date): Promise<number | undefined> {
    const [row] = await db
      .update(mfaChallenges)
      .set({ usedAt: now })
      .where(and(eq(mfaChallenges.hash, hash), isNull(mfaChallenges.usedAt), gt(mfaChallenges.expiresAt, now)))
      .returning({ userId: mfaChallenges.userId });
    return row?.userId;
  },
};
