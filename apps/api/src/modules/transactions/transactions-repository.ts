import { asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transactions, users } from '../../db/schema';
import { countRows, type PageCount, pageWindow } from '../../lib/page-count';

export type TransactionRow = typeof transactions.$inferSelect;
export interface TransactionWithEmail {
  transaction: TransactionRow;
  /** Null once the user row is gone. */
  userEmail: string | null;
}

/** The SQL of transactions, and nothing else: no rules, no HTTP. */
export const transactionsRepository = {
  count: (db: Db, condition: SQL | undefined): Promise<PageCount> =>
    countRows(db, db.select({ id: transactions.id }).from(transactions).where(condition)),

  /**
   * A page by a deferred join: the ids from the (created_at, id) index, then only those rows with
   * their users' emails. Deep pages are read from the other end (`pageWindow`), then put back in order.
   */
  async page(db: Db, condition: SQL | undefined, total: number, take: number, page: number) {
    const window = pageWindow(total, page, take);
    if (window.limit === 0) return [];
    const by = window.reverse ? asc : desc;
    const ids = (
      await db
        .select({ id: transactions.id })
        .from(transactions)
        .where(condition)
        .orderBy(by(transactions.createdAt), by(transactions.id))
        .limit(window.limit)
        .offset(window.offset)
    ).map((row) => row.id);
    if (window.reverse) ids.reverse();
    if (ids.length === 0) return [];
    const rows = await db
      .select({ transaction: transactions, userEmail: users.email })
      .from(transactions)
      .leftJoin(users, eq(users.id, transactions.userId))
      .where(inArray(transactions.id, ids));
    const byId = new Map(rows.map((row) => [row.transaction.id, row]));
    return ids.flatMap((id): TransactionWithEmail[] => {
      const row = byId.get(id);
      return row ? [row] : [];
    });
  },

  /** The exact count and sum (kopecks) of the set. */
  async summary(db: Db, condition: SQL | undefined): Promise<{ count: number; sum: number }> {
    const [row] = await db
      .select({ n: count(), sum: sql<string>`coalesce(sum(${transactions.amount}), 0)` })
      .from(transactions)
      .where(condition);
    return { count: row?.n ?? 0, sum: Number(row?.sum ?? 0) };
  },
};
