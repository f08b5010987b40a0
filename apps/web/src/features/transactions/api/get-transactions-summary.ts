import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { TransactionsFilterQuery } from '../lib/transaction-filters';

export interface TransactionsSummary {
  /** Exact, unlike the list's count on huge sets. */
  count: number;
  /** Kopecks; refunds are negative and so reduce it. */
  sum: number;
}

/** A separate call, because an exact count and sum over millions of rows takes a while. */
export const getTransactionsSummary = (filter: TransactionsFilterQuery, signal?: AbortSignal) =>
  apiClient.request<TransactionsSummary>('/transactions/summary', { query: { ...filter }, signal });

export const transactionsSummaryQueryOptions = (filter: TransactionsFilterQuery) =>
  queryOptions({
    queryKey: ['transactions', 'getSummary', { filter }],
    queryFn: ({ signal }) => getTransactionsSummary(filter, signal),
  });

export const useTransactionsSummary = (filter: TransactionsFilterQuery) =>
  useQuery(transactionsSummaryQueryOptions(filter));
