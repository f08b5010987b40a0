import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { consents } from '../../../db/schema';

export type ConsentRow = typeof consents.$inferSelect;

/** The SQL of consents to advertising: appended, never changed; no rules, no HTTP. */
export const consentsRepository = {
  insert: async (db: Db, values: Omit<ConsentRow, 'id'>): Promise<ConsentRow> => {
    const [row] = await db.insert(consents).values(values).returning();
    if (!row) throw new Error('consent insert returned nothing');
    return row;
  },

  /** A user's records of one type, newest first (the first is the one that counts) or oldest first. */
  ofUser: (db: Db, userId: number, order: 'newest' | 'oldest') =>
    db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, userId), eq(consents.type, 'advertising')))
      .orderBy(...(order === 'newest' ? [desc(consents.at), desc(consents.id)] : [asc(consents.at), asc(consents.id)])),
};
