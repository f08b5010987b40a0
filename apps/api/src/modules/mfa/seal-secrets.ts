import { and, eq, notLike } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { totpFactors } from '../../db/schema';
import type { SecretBox } from '../../lib/secret-box';
import { totpContext } from './mfa-service';

/**
 * Seals the TOTP secrets still stored in the clear (written before decision 0044, or by an older
 * process during a rolling update), once at start. Each row is rewritten only if it still holds the
 * value read, so a concurrent enrolment is never overwritten. Answers how many were sealed.
 */
export async function sealPlainTotpSecrets(db: Db, box: SecretBox): Promise<number> {
  const plain = await db
    .select({ userId: totpFactors.userId, secret: totpFactors.secret })
    .from(totpFactors)
    .where(notLike(totpFactors.secret, 'v1:%'));
  let sealed = 0;
  for (const row of plain) {
    const done = await db
      .update(totpFactors)
      .set({ secret: box.seal(row.secret, totpContext(row.userId)) })
      .where(and(eq(totpFactors.userId, row.userId), eq(totpFactors.secret, row.secret)))
      .returning({ userId: totpFactors.userId });
    sealed += done.length;
  }
  return sealed;
}
