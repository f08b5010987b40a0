import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userPreferences, users } from '../../db/schema';

/** The SQL of a staff member's own account. */
export const profileRepository = {
  passwordHash: async (db: Db, userId: number): Promise<string | null> => {
    const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
    return row?.hash ?? null;
  },

  setPasswordHash: (db: Db, userId: number, hash: string, now: Date) =>
    db.update(users).set({ passwordHash: hash, updatedAt: now }).where(eq(users.id, userId)),

  preferences: async (db: Db, userId: number) => {
    const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
    return row;
  },

  savePreferences: async (db: Db, userId: number, locale: string, now: Date) => {
    await db
      .insert(userPreferences)
      .values({ userId, locale, updatedAt: now })
      .onConflictDoUpdate({ target: userPreferences.userId, set: { locale, updatedAt: now } });
  },
};
