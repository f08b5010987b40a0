import type { AgreementType } from '@pult/contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agreementConsents, agreements, users } from '../../db/schema';
import type { AgreementRow, ConsentRow } from './agreement-row';

/** The SQL of agreements and consent records. */
export const agreementsRepository = {
  /** The newest version of each type: one index probe per type on (type, version). */
  latest: (db: Db): Promise<AgreementRow[]> =>
    db.selectDistinctOn([agreements.type]).from(agreements).orderBy(agreements.type, desc(agreements.version)),

  latestOf: async (db: Db, type: AgreementType): Promise<AgreementRow | undefined> => {
    const [row] = await db
      .select()
      .from(agreements)
      .where(eq(agreements.type, type))
      .orderBy(desc(agreements.version))
      .limit(1);
    return row;
  },

  findVersion: async (db: Db, type: AgreementType, version: number): Promise<AgreementRow | undefined> => {
    const [row] = await db
      .select()
      .from(agreements)
      .where(and(eq(agreements.type, type), eq(agreements.version, version)));
    return row;
  },

  /** The next version number is computed in the INSERT itself; a concurrent publish hits the unique key. */
  insertNext: async (
    db: Db,
    values: {
      type: AgreementType;
      title: string;
      content: string;
      contentHash: string;
      createdAt: Date;
      createdBy: number;
    },
  ): Promise<AgreementRow> => {
    const [row] = await db
      .insert(agreements)
      .values({
        ...values,
        version: sql`(select coalesce(max(${agreements.version}), 0) + 1 from ${agreements} where ${agreements.type} = ${values.type})`,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return row;
  },

  history: (db: Db, type: AgreementType, take: number, page: number) =>
    db
      .select()
      .from(agreements)
      .where(eq(agreements.type, type))
      .orderBy(desc(agreements.version))
      .limit(take)
      .offset((page - 1) * take),

  countOf: async (db: Db, type: AgreementType): Promise<number> => {
    const [row] = await db.select({ value: count() }).from(agreements).where(eq(agreements.type, type));
    return row?.value ?? 0;
  },

  acceptedCounts: async (db: Db, ids: number[]): Promise<Map<number, number>> => {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: agreementConsents.agreementId, value: count() })
      .from(agreementConsents)
      .where(inArray(agreementConsents.agreementId, ids))
      .groupBy(agreementConsents.agreementId);
    return new Map(rows.map((row) => [row.id, row.value]));
  },

  insertConsent: async (db: Db, values: Omit<ConsentRow, 'id'>): Promise<ConsentRow> => {
    const [row] = await db.insert(agreementConsents).values(values).returning();
    if (!row) throw new Error('insert returned nothing');
    return row;
  },

  consentsOf: (db: Db, userId: number) =>
    db
      .select({
        consent: agreementConsents,
        agreement: { type: agreements.type, version: agreements.version, title: agreements.title },
      })
      .from(agreementConsents)
      .innerJoin(agreements, eq(agreements.id, agreementConsents.agreementId))
      .where(eq(agreementConsents.userId, userId))
      .orderBy(desc(agreementConsents.acceptedAt), desc(agreementConsents.id)),

  userExists: async (db: Db, userId: number): Promise<boolean> => {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    return Boolean(row);
  },
};
