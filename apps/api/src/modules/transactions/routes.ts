import { transactionsPage, transactionsQuery, transactionsSummary } from '@pult/contract';
import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { transactions, users } from '../../db/schema';
import { errorResponses } from '../../lib/error-responses';
import { countRows, pageWindow } from '../../lib/page-count';
import { transactionConditions } from './transaction-filters';

/** Transactions (seed §7): read-only, newest first, with filters beyond the seed. */
export async function transactionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/transactions',
    {
      schema: {
        tags: ['transactions'],
        querystring: transactionsQuery,
        response: { 200: transactionsPage, ...errorResponses },
      },
    },
    async (request) => {
      const { take, page, ...filter } = request.query;
      const condition = transactionConditions(filter);
      const total = await countRows(app.db, app.db.select({ id: transactions.id }).from(transactions).where(condition));
      const window = pageWindow(total.count, page, take);
      if (window.limit === 0) return { items: [], count: total.count, countIsEstimate: total.isEstimate };
      const by = window.reverse ? asc : desc;
      // Deferred join, as for users (docs/decisions/0005): ids from the (created_at, id) index, then rows.
      const ids = (
        await app.db
          .select({ id: transactions.id })
          .from(transactions)
          .where(condition)
          .orderBy(by(transactions.createdAt), by(transactions.id))
          .limit(window.limit)
          .offset(window.offset)
      ).map((row) => row.id);
      if (window.reverse) ids.reverse();
      const rows =
        ids.length === 0
          ? []
          : await app.db
              .select({ transaction: transactions, userEmail: users.email })
              .from(transactions)
              .leftJoin(users, eq(users.id, transactions.userId))
              .where(inArray(transactions.id, ids));
      const byId = new Map(rows.map((row) => [row.transaction.id, row]));
      const items = ids.flatMap((id) => {
        const row = byId.get(id);
        return row
          ? [{ ...row.transaction, userEmail: row.userEmail, createdAt: row.transaction.createdAt.toISOString() }]
          : [];
      });
      return { items, count: total.count, countIsEstimate: total.isEstimate };
    },
  );

  app.get(
    '/transactions/summary',
    {
      schema: {
        tags: ['transactions'],
        querystring: transactionsQuery,
        response: { 200: transactionsSummary, ...errorResponses },
      },
    },
    async (request) => {
      const { take: _take, page: _page, ...filter } = request.query;
      const [row] = await app.db
        .select({ n: count(), sum: sql<string>`coalesce(sum(${transactions.amount}), 0)` })
        .from(transactions)
        .where(transactionConditions(filter));
      return { count: row?.n ?? 0, sum: Number(row?.sum ?? 0) };
    },
  );
}
