import { describe, expect, it } from 'vitest';
import { DEFAULT_TAKE, readUrl, writeUrl } from '../../../lib/url-params';
import {
  hasTransactionFilters,
  type TransactionsSearch,
  toTransactionsFilterQuery,
  transactionsParams,
} from './transaction-filters';

const empty: TransactionsSearch = {
  status: [],
  provider: [],
  kind: [],
  page: 1,
  take: DEFAULT_TAKE,
  sort: 'createdAt:desc',
};
const parse = (query: string) => readUrl(transactionsParams, new URLSearchParams(query));

describe('transactions search ↔ URL', () => {
  it('a clean URL is an unfiltered first page', () => {
    expect(parse('')).toEqual(empty);
    expect(writeUrl(transactionsParams, empty).toString()).toBe('');
    expect(hasTransactionFilters(empty)).toBe(false);
  });

  it('round-trips every filter', () => {
    const search: TransactionsSearch = {
      status: ['succeeded', 'refunded'],
      provider: ['yookassa'],
      kind: ['purchase', 'refund'],
      user: '8 916 123',
      from: '2024-01-05',
      to: '2024-02-10',
      amountMin: 100,
      amountMax: 1990.5,
      page: 3,
      take: 50,
      sort: 'createdAt:asc',
    };
    const params = writeUrl(transactionsParams, search);
    expect(params.get('status')).toBe('succeeded,refunded');
    expect(params.get('amountMax')).toBe('1990.5');
    expect(params.get('sort')).toBe('createdAt:asc');
    expect(parse(params.toString())).toEqual(search);
  });

  it('drops empty values and defaults from the URL', () => {
    const params = writeUrl(transactionsParams, { ...empty, status: [], user: undefined, page: 1, take: 20 });
    expect([...params.keys()]).toEqual([]);
  });

  it('ignores what is malformed or unknown instead of sending it on', () => {
    expect(
      parse(
        'status=succeeded,bogus,succeeded&provider=paypal&user=%20&from=yesterday&amountMin=abc&page=0&take=7&sort=amount:desc',
      ),
    ).toEqual({ ...empty, status: ['succeeded'] });
  });
});

describe('transactions search → API query', () => {
  it('sends comma lists, whole days as instants and kopecks', () => {
    const query = toTransactionsFilterQuery({
      ...empty,
      status: ['pending', 'failed'],
      from: '2024-01-05',
      to: '2024-01-05',
      amountMin: 0,
      amountMax: 19.99,
      page: 4,
    });
    expect(query).toEqual({
      status: 'pending,failed',
      from: new Date(2024, 0, 5).toISOString(),
      to: new Date(2024, 0, 5, 23, 59, 59, 999).toISOString(),
      amountFrom: 0,
      amountTo: 1999,
    });
  });

  it('leaves paging and order out of the filter, and sends the user text as typed', () => {
    expect(toTransactionsFilterQuery({ ...empty, page: 9, take: 100, sort: 'createdAt:asc' })).toEqual({});
    expect(toTransactionsFilterQuery({ ...empty, user: 'anna@mail' })).toEqual({ user: 'anna@mail' });
  });
});
