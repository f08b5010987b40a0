import type { ActivatedCode, CodeLookup, GeneratedCode } from '@pult/contract';
import { and, asc, eq, gt, inArray, like, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { promoCodes, promoSeries, users } from '../../../db/schema';
import { countRows, type PageCount } from '../../../lib/page-count';

type CodeRow = typeof promoCodes.$inferSelect;

export const toGeneratedCode = (row: Pick<CodeRow, 'value' | 'status' | 'activatedAt'>): GeneratedCode => ({
  value: row.value,
  status: row.status,
  activatedAt: row.activatedAt?.toISOString() ?? null,
});

export type { CodeRow };

export const toBlockedCode = (row: CodeRow): ActivatedCode => ({
  ...toGeneratedCode(row),
  blockedAt: row.blockedAt?.toISOString() ?? null,
  activatedBy: null,
});

/** Rows per query of the CSV export: memory stays flat however many millions a series has. */
const CSV_BATCH = 10_000;

/** The SQL of the codes of a series; no rules, no HTTP. */
export const codesRepository = {
  /** A code's status, looked up only inside one series: other series' codes stay invisible. */
  async statusInSeries(db: Db, seriesId: number, value: string): Promise<CodeRow['status'] | null> {
    const [row] = await db
      .select({ status: promoCodes.status })
      .from(promoCodes)
      .where(and(eq(promoCodes.value, value), eq(promoCodes.seriesId, seriesId)));
    return row?.status ?? null;
  },

  /** A code by its exact value in any series (the unique index on the value finds it), with its series and user. */
  async findByValue(db: Db, value: string): Promise<CodeLookup | null> {
    const [row] = await db
      .select({
        code: promoCodes,
        seriesName: promoSeries.name,
        email: users.email,
        phoneNumber: users.phoneNumber,
      })
      .from(promoCodes)
      .innerJoin(promoSeries, eq(promoSeries.id, promoCodes.seriesId))
      .leftJoin(users, eq(users.id, promoCodes.activatedBy))
      .where(eq(promoCodes.value, value));
    if (!row) return null;
    const { code, seriesName, email, phoneNumber } = row;
    return {
      code: {
        ...toGeneratedCode(code),
        blockedAt: code.blockedAt?.toISOString() ?? null,
        activatedBy: code.activatedBy && email ? { id: code.activatedBy, email, phoneNumber } : null,
      },
      series: { id: code.seriesId, name: seriesName },
    };
  },

  /**
   * A page of the series' codes in the order they were made; `starts` keeps those whose value starts
   * with one of these strings. `value` is collated "C", so `LIKE 'ABC%'` is a range on its unique
   * index (a bitmap OR for two starts); the strings hold only letters, digits and dashes (the
   * contract), so nothing in them is a LIKE wildcard.
   */
  async page(
    db: Db,
    seriesId: number,
    take: number,
    page: number,
    starts: string[] = [],
  ): Promise<{ items: GeneratedCode[] } & PageCount> {
    const startsWith: SQL[] = [...new Set(starts)].map((start) => like(promoCodes.value, `${start}%`));
    const condition = and(eq(promoCodes.seriesId, seriesId), startsWith.length > 0 ? or(...startsWith) : undefined);
    const total = await countRows(db, db.select({ id: promoCodes.id }).from(promoCodes).where(condition));
    const rows = await db
      .select()
      .from(promoCodes)
      .where(condition)
      .orderBy(asc(promoCodes.id))
      .limit(take)
      .offset((page - 1) * take);
    return { items: rows.map(toGeneratedCode), ...total };
  },

  /** Every code of the series in batches by id (keyset), so no query grows with the series. */
  async *batches(db: Db, seriesId: number): AsyncGenerator<GeneratedCode[]> {
    let lastId = 0;
    for (;;) {
      const rows = await db
        .select({
          id: promoCodes.id,
          value: promoCodes.value,
          status: promoCodes.status,
          activatedAt: promoCodes.activatedAt,
        })
        .from(promoCodes)
        .where(and(eq(promoCodes.seriesId, seriesId), gt(promoCodes.id, lastId)))
        .orderBy(asc(promoCodes.id))
        .limit(CSV_BATCH);
      if (rows.length === 0) return;
      yield rows.map(toGeneratedCode);
      lastId = rows[rows.length - 1]?.id ?? lastId;
    }
  },

  /** A code of this series, locked for the rest of the transaction. */
  async lock(db: Db, seriesId: number, value: string): Promise<CodeRow | undefined> {
    const [row] = await db
      .select()
      .from(promoCodes)
      .where(and(eq(promoCodes.value, value), eq(promoCodes.seriesId, seriesId)))
      .for('update');
    return row;
  },

  /**
   * These codes of this series, in id order; `lock` takes the row locks too, in the same order in
   * every request, so two bulk blocks over the same codes wait for each other rather than deadlock.
   */
  async many(db: Db, seriesId: number, values: string[], lock: boolean): Promise<CodeRow[]> {
    const query = db
      .select()
      .from(promoCodes)
      .where(and(eq(promoCodes.seriesId, seriesId), inArray(promoCodes.value, values)))
      .orderBy(asc(promoCodes.id));
    return lock ? query.for('update') : query;
  },

  async blockMany(db: Db, ids: number[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await db.update(promoCodes).set({ status: 'blocked', blockedAt: at }).where(inArray(promoCodes.id, ids));
  },

  async block(db: Db, id: number, at: Date): Promise<CodeRow | undefined> {
    const [row] = await db
      .update(promoCodes)
      .set({ status: 'blocked', blockedAt: at })
      .where(eq(promoCodes.id, id))
      .returning();
    return row;
  },
};
