import {
  type SubscriptionsQuery as ContractSubscriptionsQuery,
  type SortOf,
  subscriptionSortFields,
  subscriptionSources,
  subscriptionStatuses,
} from '@pult/contract';
import dayjs from 'dayjs';
import { orElse, pagingParams, type UrlValues, urlParam } from '../../../lib/url-params';

export type SubscriptionStatus = (typeof subscriptionStatuses)[number];
export type SubscriptionSource = (typeof subscriptionSources)[number];

export type SubscriptionSort = SortOf<(typeof subscriptionSortFields)[number]>;
export const DEFAULT_SUBSCRIPTION_SORT: SubscriptionSort = 'createdAt:desc';

/** What the users' subscriptions screen shows, as kept in the URL so that reload and back keep it. */
export const subscriptionsParams = {
  status: urlParam.list(subscriptionStatuses),
  source: urlParam.list(subscriptionSources),
  planId: urlParam.positiveInt(),
  /** The owner's e-mail or phone, or a part of one, as typed; the API finds the users. */
  user: urlParam.text(),
  /** A calendar day (YYYY-MM-DD): subscriptions that end before that day starts. */
  expiresBefore: urlParam.day(),
  ...pagingParams(),
  sort: orElse(urlParam.sort(subscriptionSortFields), DEFAULT_SUBSCRIPTION_SORT),
};
export type SubscriptionsSearch = UrlValues<typeof subscriptionsParams>;

/** What the screen sends: the contract's parameters, which parse and check it (comma lists, ISO instants). */
export type SubscriptionsQuery = ContractSubscriptionsQuery & { take: number; page: number };

/** The API's query: the order, comma lists and the day's start as an ISO instant. */
export const toSubscriptionsQuery = (search: SubscriptionsSearch): SubscriptionsQuery => {
  const query: SubscriptionsQuery = { take: search.take, page: search.page, sort: search.sort };
  if (search.status.length) query.status = search.status.join(',');
  if (search.source.length) query.source = search.source.join(',');
  if (search.planId) query.planId = search.planId;
  if (search.user) query.user = search.user.slice(0, 100);
  if (search.expiresBefore) query.expiresTo = dayjs(search.expiresBefore).startOf('day').toISOString();
  return query;
};
