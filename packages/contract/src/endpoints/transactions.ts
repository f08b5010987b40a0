import { defineEndpoint } from '../endpoint';
import { transactionsPage, transactionsQuery, transactionsSummary } from '../subscriptions';

/** Payments and grants: read-only for staff. */
export const transactionsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/transactions',
    operationId: 'listTransactions',
    summary: 'Transactions, newest first unless sorted otherwise',
    description:
      'Filters by status, provider, kind, user (`userId`, or `user`: a part of the e-mail or phone), date range ' +
      'and amount (kopecks); `sort` is `createdAt:asc|desc` (the order an index serves on millions of rows). The count is the ' +
      'planner’s estimate when the set is large (`countIsEstimate`); `/transactions/summary` gives the exact one.',
    tag: 'transactions',
    access: ['admin', 'editor'],
    query: transactionsQuery,
    response: transactionsPage,
    errors: [],
  }),
  summary: defineEndpoint({
    method: 'GET',
    path: '/transactions/summary',
    operationId: 'summarizeTransactions',
    summary: 'Exact count and sum of the filtered transactions',
    description: 'The same filters as the list; paging is ignored. A separate call, so the list itself stays fast.',
    tag: 'transactions',
    access: ['admin', 'editor'],
    query: transactionsQuery,
    response: transactionsSummary,
    errors: [],
  }),
};
