import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { resourceKeys } from '../../../lib/resources/keys';
import type { TransactionSort, TransactionsFilterQuery } from '../lib/transaction-filters';

export const transactionKeys = {
  ...resourceKeys('transactions'),
  summary: (filter: object) => ['transactions', 'summary', filter] as const,
};

export interface TransactionsPagination {
  take: number;
  page: number;
  sort: TransactionSort;
}

/** In the chosen order (newest first by default); on huge sets the count is the planner's estimate, shown as «≈ …». */
export const transactionsQueryOptions = (pagination: TransactionsPagination, filter: TransactionsFilterQuery) =>
  queryOptions({
    queryKey: transactionKeys.list({ ...pagination, ...filter }),
    queryFn: ({ signal }) => api.transactions.list({ query: { ...pagination, ...filter } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useTransactions = (pagination: TransactionsPagination, filter: TransactionsFilterQuery) =>
  useQuery(transactionsQueryOptions(pagination, filter));

/**
 * The exact count and sum (kopecks; refunds are negative) of the filtered set: a separate call,
 * because counting millions of rows exactly takes a while and the list should not wait for it.
 */
export const transactionsSummaryQueryOptions = (filter: TransactionsFilterQuery) =>
  queryOptions({
    queryKey: transactionKeys.summary(filter),
    queryFn: ({ signal }) => api.transactions.summary({ query: filter }, { signal }),
  });

export const useTransactionsSummary = (filter: TransactionsFilterQuery) =>
  useQuery(transactionsSummaryQueryOptions(filter));
