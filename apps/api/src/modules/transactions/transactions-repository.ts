import { asc, count, desc, eq, getTableColumns, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transactions, users } from '../../db/schema';
import { countRows, type PageCount, pageWindow } from '../../lib/page-count';
import { executePage } from '../../lib/prepared-once';

export type TransactionRow = typeof transactions.$inferSelect;
export interface TransactionWithEmail {
  transaction: TransactionRow;
  /** Null once the user row is gone. */
  userEmail: string | null;
}

/**
 * A page by a deferred join in one statement: the ids from the (created_at, id) index, then only
 * those rows with their users' emails. Deep pages are read from the other end (`pageWindow`), and
 * the outer ORDER BY puts them back in order.
 */
function selectPage(
  db: Db,
  condition: SQL | undefined,
  reverse: boolean,
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  const by = reverse ? asc : desc;
  const pageIds = db
    .select({ id: transactions.id })
    .from(transactions)
    .where(condition)
    .orderBy(by(transactions.createdAt), by(transactions.id))
    .limit(limit)
    .offset(offset)
    .as('page_ids');
  return db
    .select({ transaction: getTableColumns(transactions), userEmail: users.email })
    .from(pageIds)
    .innerJoin(transactions, eq(transactions.id, pageIds.id))
    .leftJoin(users, eq(users.id, transactions.userId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id));
}

/** The SQL of transactions, and nothing else: no rules, no HTTP. */
export const transactionsRepository = {
  count: (db: Db, condition: SQL | undefined): Promise<PageCount> =>
    countRows(db, db.select({ id: transactions.id }).from(transactions).where(condition)),

  /** A page, newest first (`selectPage`). */
  async page(db: Db, condition: SQL | undefined, total: number, take: number, page: number) {
    const window = pageWindow(total, page, take);
    if (window.limit === 0) return [];
    // The unfiltered list is a prepared statement per direction; a filtered one is built each time.
    const name = `transactions_page_${window.reverse ? 'reverse' : 'forward'}`;
    const rows: TransactionWithEmail[] =
      condition === undefined
        ? await executePage(db, name, window, (limit, offset) =>
            selectPage(db, undefined, window.reverse, limit, offset),
          )
        : await selectPage(db, condition, window.reverse, window.limit, window.offset);
    return rows;
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
