import { grantParams, subscription, subscriptionsPage, subscriptionsQuery } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses';
import { grantSubscription } from './grant-subscription';
import { listSubscriptions } from './list-subscriptions';
import { toSubscription } from './subscription-row';

/** Users' subscriptions (seed §7): the list and the admin's grant. */
export async function subscriptionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/subscriptions',
    {
      schema: {
        tags: ['subscriptions'],
        querystring: subscriptionsQuery,
        response: { 200: subscriptionsPage, ...errorResponses },
      },
    },
    async (request) => {
      const result = await listSubscriptions(app.db, app.clock.now(), request.query);
      return {
        items: result.items,
        count: result.count,
        countIsEstimate: result.isEstimate,
        additionalInfo: { relatedUsers: result.relatedUsers },
      };
    },
  );

  app.get(
    '/subscriptions/subscribe-by-admin/:userId/:planId',
    {
      config: { auth: ['admin'] },
      schema: { tags: ['subscriptions'], params: grantParams, response: { 200: subscription, ...errorResponses } },
    },
    async (request) => {
      const { userId, planId } = request.params;
      const result = await grantSubscription(app.db, request, { userId, planId, source: 'admin', provider: 'admin' });
      return toSubscription(result.subscription, result.planTitle, app.clock.now());
    },
  );
}
