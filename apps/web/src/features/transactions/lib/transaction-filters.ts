import { transactionKinds, transactionProviders, transactionStatuses } from '@pult/contract';
import dayjs from 'dayjs';
import { calendarDay, DEFAULT_TAKE, listOf, PAGE_SIZES, pageSize, positiveInt } from '../../../lib/url-params';
import { parseRoubles, roublesToKopecks } from './money';

export type TransactionStatus = (typeof transactionStatuses)[number];
export type TransactionProvider = (typeof transactionProviders)[number];
export type TransactionKind = (typeof transactionKinds)[number];

/** What the transactions screen shows, as kept in the URL so that reload and back keep it. */
export interface TransactionsSearch {
  status: TransactionStatus[];
  provider: TransactionProvider[];
  kind: TransactionKind[];
  userId?: number;
  /** Calendar days (YYYY-MM-DD) in the viewer's time zone, both ends included. */
  from?: string;
  to?: string;
  /** Roubles, as typed; the API gets kopecks. */
  amountMin?: number;
  amountMax?: number;
  page: number;
  take: number;
}

export { DEFAULT_TAKE, PAGE_SIZES };

/** Reads the URL; anything malformed is dropped rather than sent to the API as a 400. */
export const parseTransactionsSearch = (params: URLSearchParams): TransactionsSearch => {
  return {
    status: listOf(params.get('status'), transactionStatuses),
    provider: listOf(params.get('provider'), transactionProviders),
    kind: listOf(params.get('kind'), transactionKinds),
    userId: positiveInt(params.get('userId')),
    from: calendarDay(params.get('from')),
    to: calendarDay(params.get('to')),
    amountMin: parseRoubles(params.get('amountMin')),
    amountMax: parseRoubles(params.get('amountMax')),
    page: positiveInt(params.get('page')) ?? 1,
    take: pageSize(params.get('take')),
  };
};

/** Writes the URL: empty values and defaults are left out, so a clean screen has a clean URL. */
export const toTransactionsSearchParams = (search: TransactionsSearch): URLSearchParams => {
  const params = new URLSearchParams();
  const put = (name: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') params.set(name, String(value));
  };
  put('status', search.status.join(','));
  put('provider', search.provider.join(','));
  put('kind', search.kind.join(','));
  put('userId', search.userId);
  put('from', search.from);
  put('to', search.to);
  put('amountMin', search.amountMin);
  put('amountMax', search.amountMax);
  if (search.page > 1) put('page', search.page);
  if (search.take !== DEFAULT_TAKE) put('take', search.take);
  return params;
};

/** The filter part only: what both the list and the summary are asked for. */
export interface TransactionsFilterQuery {
  status?: string;
  provider?: string;
  kind?: string;
  userId?: number;
  from?: string;
  to?: string;
  amountMin?: number;
  amountMax?: number;
}

/** The API's query: comma lists, ISO instants for the day bounds, kopecks for the amounts. */
export const toTransactionsFilterQuery = (search: TransactionsSearch): TransactionsFilterQuery => {
  const query: TransactionsFilterQuery = {};
  if (search.status.length) query.status = search.status.join(',');
  if (search.provider.length) query.provider = search.provider.join(',');
  if (search.kind.length) query.kind = search.kind.join(',');
  if (search.userId) query.userId = search.userId;
  if (search.from) query.from = dayjs(search.from).startOf('day').toISOString();
  if (search.to) query.to = dayjs(search.to).endOf('day').toISOString();
  if (search.amountMin !== undefined) query.amountMin = roublesToKopecks(search.amountMin);
  if (search.amountMax !== undefined) query.amountMax = roublesToKopecks(search.amountMax);
  return query;
};

/** Whether any filter is set (the page and its size are not filters). */
export const hasTransactionFilters = (search: TransactionsSearch): boolean =>
  Object.keys(toTransactionsFilterQuery(search)).length > 0;
