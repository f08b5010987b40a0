import {
  type SortOf,
  type TransactionsQuery,
  transactionKinds,
  transactionProviders,
  transactionSortFields,
  transactionStatuses,
} from '@pult/contract';
import dayjs from 'dayjs';
import { orElse, pagingParams, type UrlValues, urlParam } from '../../../lib/url-params';
import { parseRoubles, roublesToKopecks } from './money';

export type TransactionStatus = (typeof transactionStatuses)[number];
export type TransactionProvider = (typeof transactionProviders)[number];
export type TransactionKind = (typeof transactionKinds)[number];

export type TransactionSort = SortOf<(typeof transactionSortFields)[number]>;
export const DEFAULT_TRANSACTION_SORT: TransactionSort = 'createdAt:desc';

/** What the transactions screen shows, as kept in the URL so that reload and back keep it. */
export const transactionsParams = {
  status: urlParam.list(transactionStatuses),
  provider: urlParam.list(transactionProviders),
  kind: urlParam.list(transactionKinds),
  /** The payer's e-mail or phone, or a part of one, as typed; the API finds the users. */
  user: urlParam.text(),
  /** Calendar days (YYYY-MM-DD) in the viewer's time zone, both ends included. */
  from: urlParam.day(),
  to: urlParam.day(),
  /** Roubles, as typed; the API gets kopecks. */
  amountMin: urlParam.number(parseRoubles),
  amountMax: urlParam.number(parseRoubles),
  ...pagingParams(),
  sort: orElse(urlParam.sort(transactionSortFields), DEFAULT_TRANSACTION_SORT),
};
export type TransactionsSearch = UrlValues<typeof transactionsParams>;

/** The filter part only: what both the list and the summary are asked for (the contract's parameters). */
export type TransactionsFilterQuery = Omit<TransactionsQuery, 'take' | 'page' | 'sort'>;

/** The API's query: comma lists, ISO instants for the day bounds, kopecks for the amounts. */
export const toTransactionsFilterQuery = (search: TransactionsSearch): TransactionsFilterQuery => {
  const query: TransactionsFilterQuery = {};
  if (search.status.length) query.status = search.status.join(',');
  if (search.provider.length) query.provider = search.provider.join(',');
  if (search.kind.length) query.kind = search.kind.join(',');
  if (search.user) query.user = search.user.slice(0, 100);
  if (search.from) query.from = dayjs(search.from).startOf('day').toISOString();
  if (search.to) query.to = dayjs(search.to).endOf('day').toISOString();
  if (search.amountMin !== undefined) query.amountFrom = roublesToKopecks(search.amountMin);
  if (search.amountMax !== undefined) query.amountTo = roublesToKopecks(search.amountMax);
  return query;
};

/** Whether any filter is set (the page, its size and the order are not filters). */
export const hasTransactionFilters = (search: TransactionsSearch): boolean =>
  Object.keys(toTransactionsFilterQuery(search)).length > 0;
