import { subscriptionSources, subscriptionStatuses } from '@pult/contract';
import dayjs from 'dayjs';
import { calendarDay, DEFAULT_TAKE, listOf, PAGE_SIZES, pageSize, positiveInt } from '../../../lib/url-params';

export type SubscriptionStatus = (typeof subscriptionStatuses)[number];
export type SubscriptionSource = (typeof subscriptionSources)[number];

/** What the users' subscriptions screen shows, as kept in the URL so that reload and back keep it. */
export interface SubscriptionsSearch {
  status: SubscriptionStatus[];
  source: SubscriptionSource[];
  planId?: number;
  owner?: number;
  /** A calendar day (YYYY-MM-DD): subscriptions that end before that day starts. */
  expiresBefore?: string;
  page: number;
  take: number;
}

export { DEFAULT_TAKE, PAGE_SIZES };

/** Reads the URL; anything malformed is dropped rather than sent to the API as a 400. */
export const parseSubscriptionsSearch = (params: URLSearchParams): SubscriptionsSearch => {
  return {
    status: listOf(params.get('status'), subscriptionStatuses),
    source: listOf(params.get('source'), subscriptionSources),
    planId: positiveInt(params.get('planId')),
    owner: positiveInt(params.get('owner')),
    expiresBefore: calendarDay(params.get('expiresBefore')),
    page: positiveInt(params.get('page')) ?? 1,
    take: pageSize(params.get('take')),
  };
};

/** Writes the URL: empty values and defaults are left out, so a clean screen has a clean URL. */
export const toSubscriptionsSearchParams = (search: SubscriptionsSearch): URLSearchParams => {
  const params = new URLSearchParams();
  const put = (name: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') params.set(name, String(value));
  };
  put('status', search.status.join(','));
  put('source', search.source.join(','));
  put('planId', search.planId);
  put('owner', search.owner);
  put('expiresBefore', search.expiresBefore);
  if (search.page > 1) put('page', search.page);
  if (search.take !== DEFAULT_TAKE) put('take', search.take);
  return params;
};

/** What the screen sends: the contract parses and checks it (comma lists, ISO instants). */
export interface SubscriptionsQuery {
  take: number;
  page: number;
  status?: string;
  source?: string;
  planId?: number;
  owner?: number;
  expiresBefore?: string;
}

/** The API's query: comma lists and the day's start as an ISO instant. */
export const toSubscriptionsQuery = (search: SubscriptionsSearch): SubscriptionsQuery => {
  const query: SubscriptionsQuery = { take: search.take, page: search.page };
  if (search.status.length) query.status = search.status.join(',');
  if (search.source.length) query.source = search.source.join(',');
  if (search.planId) query.planId = search.planId;
  if (search.owner) query.owner = search.owner;
  if (search.expiresBefore) query.expiresBefore = dayjs(search.expiresBefore).startOf('day').toISOString();
  return query;
};
