import type { SortOf, transactionSortFields } from '@pult/contract';
import { count, eq, getTableColumns, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transactions, users } from '../../db/schema';
import { countRows, type PageCount, pageWindow } from '../../lib/page-count';
import { executePage } from '../../lib/prepared-once';
import { sortOrder } from '../../lib/sort-order';

export type TransactionRow = typeof transactions.$inferSelect;
export interface TransactionWithEmail {
  transaction: TransactionRow;
  /** Null once the user row is gone. */
  userEmail: string | null;
}

export type TransactionSort = SortOf<(typeof transactionSortFields)[number]>;

/** The columns a sort may name (the contract allow-lists them): each served by an index, both ways. */
const sortColumns = { createdAt: transactions.createdAt };

/**
 * A page by a deferred join in one statement: the ids from the (created_at, id) index, walked in the
 * sort's direction, then only those rows with their users' emails. Deep pages are read from the other
 * end (`pageWindow`), and the outer ORDER BY puts them back in order.
 */
function selectPage(
  db: Db,
  condition: SQL | undefined,
  sort: TransactionSort,
  reverse: boolean,
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  const pageIds = db
    .select({ id: transactions.id })
    .from(transactions)
    .where(condition)
    .orderBy(...sortOrder(sort, sortColumns, transactions.id, reverse))
    .limit(limit)
    .offset(offset)
    .as('page_ids');
  return db
    .select({ transaction: getTableColumns(transactions), userEmail: users.email })
    .from(pageIds)
    .innerJoin(transactions, eq(transactions.id, pageIds.id))
    .leftJoin(users, eq(users.id, transactions.userId))
    .orderBy(...sortOrder(sort, sortColumns, transactions.id));
}

/** The SQL of transactions, and nothing else: no rules, no HTTP. */
export const transactionsRepository = {
  count: (db: Db, condition: SQL | undefined): Promise<PageCount> =>
    countRows(db, db.select({ id: transactions.id }).from(transactions).where(condition)),

  /** A page in the sort's order (`selectPage`). */
  async page(
    db: Db,
    condition: SQL | undefined,
    sort: TransactionSort,
    total: number,
    take: number,
    page: number,
  ): Promise<TransactionWithEmail[]> {
    const window = pageWindow(total, page, take);
    if (window.limit === 0) return [];
    // The unfiltered list is a prepared statement per order and direction; a filtered one is built each time.
    const name = `transactions_page_${sort.replace(':', '_')}_${window.reverse ? 'reverse' : 'forward'}`;
    return condition === undefined
      ? await executePage(db, name, window, (limit, offset) =>
          selectPage(db, undefined, sort, window.reverse, limit, offset),
        )
      : await selectPage(db, condition, sort, window.reverse, window.limit, window.offset);
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
