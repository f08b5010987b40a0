import { subscriptionSources, subscriptionStatuses } from '@pult/contract';
import dayjs from 'dayjs';
import { pagingParams, type UrlValues, urlParam } from '../../../lib/url-params';

export type SubscriptionStatus = (typeof subscriptionStatuses)[number];
export type SubscriptionSource = (typeof subscriptionSources)[number];

/** What the users' subscriptions screen shows, as kept in the URL so that reload and back keep it. */
export const subscriptionsParams = {
  status: urlParam.list(subscriptionStatuses),
  source: urlParam.list(subscriptionSources),
  planId: urlParam.positiveInt(),
  owner: urlParam.positiveInt(),
  /** A calendar day (YYYY-MM-DD): subscriptions that end before that day starts. */
  expiresBefore: urlParam.day(),
  ...pagingParams(),
};
export type SubscriptionsSearch = UrlValues<typeof subscriptionsParams>;

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
