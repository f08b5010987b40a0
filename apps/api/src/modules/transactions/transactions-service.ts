import type { api, ParsedQuery, TransactionsPage, TransactionsSummary } from '@pult/contract';
import type { ServiceContext } from '../../lib/service-context';
import { transactionConditions } from './transaction-filters';
import { toTransaction } from './transaction-row';
import { transactionsRepository as repo } from './transactions-repository';

type ListQuery = ParsedQuery<typeof api.transactions.list>;

/** Transactions are read-only here: payments arrive from the providers, grants from their own calls. */
export const transactionsService = {
  /** In the sort's order; the count is the planner's estimate for a large set, so a deep list stays fast. */
  async list(ctx: ServiceContext, query: ListQuery): Promise<TransactionsPage> {
    const { take, page, sort, ...filter } = query;
    const condition = transactionConditions(filter);
    const total = await repo.count(ctx.db, condition);
    const rows = await repo.page(ctx.db, condition, sort, total.count, take, page);
    return { items: rows.map(toTransaction), count: total.count, countIsEstimate: total.isEstimate };
  },

  /** The exact count and sum of the same filter, asked for separately; paging is ignored. */
  summary(ctx: ServiceContext, query: ListQuery): Promise<TransactionsSummary> {
    const { take: _take, page: _page, sort: _sort, ...filter } = query;
    return repo.summary(ctx.db, transactionConditions(filter));
  },
};
