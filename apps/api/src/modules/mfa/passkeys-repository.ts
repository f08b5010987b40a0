import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mfaChallenges, passkeyRegistrations, passkeys } from '../../db/schema';

export type PasskeyRow = typeof passkeys.$inferSelect;

/** The SQL of passkeys, their pending registrations and the sign-in step's passkey challenge. */
export const passkeysRepository = {
  list: (db: Db, userId: number): Promise<PasskeyRow[]> =>
    db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id)),

  async count(db: Db, userId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
    return row?.n ?? 0;
  },

  async byCredential(db: Db, userId: number, credentialId: string): Promise<PasskeyRow | undefined> {
    const [row] = await db
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.userId, userId), eq(passkeys.credentialId, credentialId)));
    return row;
  },

  async credentialTaken(db: Db, credentialId: string): Promise<boolean> {
    const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.credentialId, credentialId));
    return row !== undefined;
  },

  async insert(db: Db, values: typeof passkeys.$inferInsert): Promise<PasskeyRow> {
    const [row] = await db.insert(passkeys).values(values).returning();
    if (!row) throw new Error('passkey insert returned nothing');
    return row;
  },

  async rename(db: Db, userId: number, id: number, name: string): Promise<PasskeyRow | undefined> {
    const [row] = await db
      .update(passkeys)
      .set({ name })
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning();
    return row;
  },

  async remove(db: Db, userId: number, id: number): Promise<PasskeyRow | undefined> {
    const [row] = await db
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning();
    return row;
  },

  async removeAll(db: Db, userId: number): Promise<number> {
    await db.delete(passkeyRegistrations).where(eq(passkeyRegistrations.userId, userId));
    return (await db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id })).length;
  },

  /**
   * Records a use: the counter moves to what the authenticator signed, only forward (two requests with one
   * signature race for the row and one wins; authenticators that keep no counter sign 0 every time).
   */
  async markUsed(db: Db, id: number, previous: number, counter: number, now: Date): Promise<boolean> {
    const rows = await db
      .update(passkeys)
      .set({ counter, lastUsedAt: now })
      .where(and(eq(passkeys.id, id), eq(passkeys.counter, previous)))
      .returning({ id: passkeys.id });
    return rows.length > 0;
  },

  async saveRegistration(db: Db, userId: number, challenge: string, expiresAt: Date): Promise<void> {
    await db
      .insert(passkeyRegistrations)
      .values({ userId, challenge, expiresAt })
      .onConflictDoUpdate({ target: passkeyRegistrations.userId, set: { challenge, expiresAt } });
  },

  /** Takes the pending registration's challenge, once: a second answer to it finds nothing. */
  async takeRegistration(db: Db, userId: number, now: Date): Promise<string | undefined> {
    const [row] = await db
      .delete(passkeyRegistrations)
      .where(and(eq(passkeyRegistrations.userId, userId), gt(passkeyRegistrations.expiresAt, now)))
      .returning({ challenge: passkeyRegistrations.challenge });
    return row?.challenge;
  },

  async setSignInChallenge(db: Db, hash: string, challenge: string): Promise<void> {
    await db.update(mfaChallenges).set({ webauthnChallenge: challenge }).where(eq(mfaChallenges.hash, hash));
  },

  async signInChallenge(db: Db, hash: string): Promise<string | null> {
    const [row] = await db
      .select({ challenge: mfaChallenges.webauthnChallenge })
      .from(mfaChallenges)
      .where(eq(mfaChallenges.hash, hash));
    return row?.challenge ?? null;
  },
};
