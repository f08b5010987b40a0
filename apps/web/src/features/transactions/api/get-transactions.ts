import type { Transaction } from '@pult/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { TransactionsFilterQuery } from '../lib/transaction-filters';

export interface TransactionsList {
  items: Transaction[];
  count: number;
  /** On huge sets the count is the planner's estimate; shown as «≈ …». */
  countIsEstimate: boolean;
}

export interface TransactionsPagination {
  take: number;
  page: number;
}

/** Newest first (the API's order). */
export const getTransactions = (
  pagination: TransactionsPagination,
  filter: TransactionsFilterQuery,
  signal?: AbortSignal,
) => apiClient.request<TransactionsList>('/transactions', { query: { ...pagination, ...filter }, signal });

export const transactionsQueryOptions = (pagination: TransactionsPagination, filter: TransactionsFilterQuery) =>
  queryOptions({
    queryKey: ['transactions', 'getList', { pagination, filter }],
    queryFn: ({ signal }) => getTransactions(pagination, filter, signal),
    placeholderData: keepPreviousData,
  });

export const useTransactions = (pagination: TransactionsPagination, filter: TransactionsFilterQuery) =>
  useQuery(transactionsQueryOptions(pagination, filter));
