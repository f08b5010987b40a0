import { transactionKinds, transactionProviders, transactionStatuses } from '@pult/contract';
import dayjs from 'dayjs';
import { pagingParams, type UrlValues, urlParam } from '../../../lib/url-params';
import { parseRoubles, roublesToKopecks } from './money';

export type TransactionStatus = (typeof transactionStatuses)[number];
export type TransactionProvider = (typeof transactionProviders)[number];
export type TransactionKind = (typeof transactionKinds)[number];

/** What the transactions screen shows, as kept in the URL so that reload and back keep it. */
export const transactionsParams = {
  status: urlParam.list(transactionStatuses),
  provider: urlParam.list(transactionProviders),
  kind: urlParam.list(transactionKinds),
  userId: urlParam.positiveInt(),
  /** Calendar days (YYYY-MM-DD) in the viewer's time zone, both ends included. */
  from: urlParam.day(),
  to: urlParam.day(),
  /** Roubles, as typed; the API gets kopecks. */
  amountMin: urlParam.number(parseRoubles),
  amountMax: urlParam.number(parseRoubles),
  ...pagingParams(),
};
export type TransactionsSearch = UrlValues<typeof transactionsParams>;

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
