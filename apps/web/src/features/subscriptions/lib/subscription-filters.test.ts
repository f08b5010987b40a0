import { describe, expect, it } from 'vitest';
import { DEFAULT_TAKE, readUrl, writeUrl } from '../../../lib/url-params';
import { type SubscriptionsSearch, subscriptionsParams, toSubscriptionsQuery } from './subscription-filters';

const empty: SubscriptionsSearch = { status: [], source: [], page: 1, take: DEFAULT_TAKE };
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
      owner: 17,
      expiresBefore: '2025-03-01',
      page: 2,
      take: 50,
    };
    expect(writeUrl(subscriptionsParams, search).toString()).toBe(
      'status=active%2Ccanceled&source=promo&planId=3&owner=17&expiresBefore=2025-03-01&page=2&take=50',
    );
    expect(parse(writeUrl(subscriptionsParams, search).toString())).toEqual(search);
  });

  it('drops unknown values, malformed ids and dates', () => {
    expect(parse('status=active,lapsed&source=&planId=x&owner=0&expiresBefore=2025-13-45&take=33&page=-1')).toEqual({
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
      status: 'expired',
      expiresBefore: new Date(2025, 2, 1).toISOString(),
    });
  });

  it('sends no empty filters', () => {
    expect(toSubscriptionsQuery(empty)).toEqual({ take: 20, page: 1 });
  });
});
