import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResets } from '../../db/schema';

/** The SQL of reset links, and nothing else. Only the token's hash is stored. */
export const passwordResetsRepository = {
  async insert(db: Db, values: { hash: string; userId: number; expiresAt: Date }): Promise<void> {
    await db.insert(passwordResets).values(values);
  },

  /** Spends a live, unused link; the conditional update makes it single-use even under concurrency. */
  async claim(db: Db, hash: string, now: Date): Promise<number | undefined> {
    const [reset] = await db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.hash, hash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning({ userId: passwordResets.userId });
    return reset?.userId;
  },
};
