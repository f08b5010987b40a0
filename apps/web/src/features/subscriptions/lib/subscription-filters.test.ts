import { describe, expect, it } from 'vitest';
import { DEFAULT_TAKE, readUrl, writeUrl } from '../../../lib/url-params';
import { type SubscriptionsSearch, subscriptionsParams, toSubscriptionsQuery } from './subscription-filters';

const empty: SubscriptionsSearch = { status: [], source: [], page: 1, take: DEFAULT_TAKE, sort: 'createdAt:desc' };
const parse = (query: string) => readUrl(subscriptionsParams, new URLSearchParams(query));

describe('subscriptions search ↔ URL', () => {
  it('a clean URL is an unfiltered first page, and back', () => {
    expect(parse('')).toEqual(empty);
    expect(writeUrl(subscriptionsParams, empty).toString()).toBe('');
  });

  it('round-trips every filter', () => {
    const search: SubscriptionsSearch = {
      status: ['active', 'canceled'],
      source: ['promo'],
      planId: 3,
      user: 'vera@',
      expiresBefore: '2025-03-01',
      page: 2,
      take: 50,
      sort: 'expiresAt:asc',
    };
    expect(writeUrl(subscriptionsParams, search).toString()).toBe(
      'status=active%2Ccanceled&source=promo&planId=3&user=vera%40&expiresBefore=2025-03-01&page=2&take=50&sort=expiresAt%3Aasc',
    );
    expect(parse(writeUrl(subscriptionsParams, search).toString())).toEqual(search);
  });

  it('drops unknown values, malformed ids and dates', () => {
    expect(
      parse('status=active,lapsed&source=&planId=x&user=&expiresBefore=2025-13-45&take=33&page=-1&sort=startedAt:asc'),
    ).toEqual({
      ...empty,
      status: ['active'],
    });
  });
});

describe('subscriptions search → API query', () => {
  it('sends comma lists and the start of the chosen day', () => {
    expect(toSubscriptionsQuery({ ...empty, status: ['expired'], expiresBefore: '2025-03-01', page: 2 })).toEqual({
      take: 20,
      page: 2,
      sort: 'createdAt:desc',
      status: 'expired',
      expiresTo: new Date(2025, 2, 1).toISOString(),
    });
  });

  it('sends no empty filters', () => {
    expect(toSubscriptionsQuery(empty)).toEqual({ take: 20, page: 1, sort: 'createdAt:desc' });
  });
});
