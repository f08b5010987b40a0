import { defineEndpoint } from '../endpoint';
import { activatePromoBody } from '../promo-codes';
import { subscription } from '../subscriptions';
import { clientTgChannelsResponse } from '../telegram';

/** What the planner app calls for its signed-in users (role `user`), never staff. */
export const clientEndpoints = {
  activatePromoCode: defineEndpoint({
    method: 'POST',
    path: '/client/promo-codes/activate',
    operationId: 'activatePromoCode',
    summary: "Redeem a promo code: the series' plan is granted or extended",
    description:
      'Case-insensitive. 404 CODE_NOT_FOUND; 409 CODE_USED, CODE_BLOCKED, SERIES_INACTIVE, SERIES_NOT_STARTED, ' +
      'SERIES_ENDED or PLAN_DISABLED. Of two concurrent redemptions of one code exactly one wins. ' +
      'Failed attempts are limited per account (10) and per address (50) in 15 minutes: 429 RATE_LIMITED ' +
      'with Retry-After. Every refusal is recorded.',
    tag: 'client',
    access: ['user'],
    body: activatePromoBody,
    response: subscription,
    errors: [404, 409, 429],
  }),
  tgChannels: defineEndpoint({
    method: 'GET',
    path: '/client/tg-channels',
    operationId: 'clientTgChannels',
    summary: 'Published Telegram channels, grouped by category, in order',
    description: 'Categories without a published channel are left out. Icons are full URLs.',
    tag: 'client',
    access: ['user'],
    response: clientTgChannelsResponse,
    errors: [],
  }),
};
