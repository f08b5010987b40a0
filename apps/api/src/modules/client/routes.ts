import { activatePromoBody, subscription } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses';
import { principalOf } from '../../plugins/auth';
import { activateCode } from '../promo-codes/activate-code';
import { toSubscription } from '../subscriptions/subscription-row';

/** The planner-facing part (product.md §7): a signed-in planner user, not staff. */
export async function clientRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/client/promo-codes/activate',
    {
      config: { auth: ['user'] },
      schema: { tags: ['client'], body: activatePromoBody, response: { 200: subscription, ...errorResponses } },
    },
    async (request) => {
      const result = await activateCode(app.db, request, principalOf(request).userId, request.body.code);
      return toSubscription(result.subscription, result.planTitle, app.clock.now());
    },
  );
}
