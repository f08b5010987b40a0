import { defineEndpoint } from '../endpoint';
import { grantParams, subscription, subscriptionsPage, subscriptionsQuery } from '../subscriptions';

/** Users' subscriptions: the list staff read, and the admin's grant. */
export const subscriptionsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/subscriptions',
    operationId: 'listSubscriptions',
    summary: 'Subscriptions, newest first unless sorted otherwise, with their owners',
    description:
      'Filters by status (read against the clock, so a lapsed one is `expired` at once), source, plan, owner ' +
      '(`owner`, or `user`: a part of the e-mail or phone) and expiry; `sort` is `createdAt|expiresAt:asc|desc`. `additionalInfo.relatedUsers` holds exactly the users the page names in `owner`. ' +
      'Over all rows the count is the planner’s estimate (`countIsEstimate`); for one owner it is exact.',
    tag: 'subscriptions',
    access: ['admin', 'editor'],
    query: subscriptionsQuery,
    response: subscriptionsPage,
    errors: [],
  }),
  grant: defineEndpoint({
    method: 'GET',
    path: '/subscriptions/subscribe-by-admin/:userId/:planId',
    operationId: 'grantSubscription',
    summary: 'Grant a user a subscription to a plan',
    description:
      'Admin only. Starts a subscription, or extends the live one from its current expiry, and records a ' +
      'zero-amount `grant` transaction, all in one database transaction. 404 USER_NOT_FOUND or ' +
      'PLAN_NOT_FOUND; 409 PLAN_DISABLED or USER_DELETED. A GET because the admin panel’s API always had it so.',
    tag: 'subscriptions',
    access: ['admin'],
    params: grantParams,
    response: subscription,
    errors: [404, 409],
  }),
};
