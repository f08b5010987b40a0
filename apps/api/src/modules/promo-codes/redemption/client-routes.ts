import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/route';
import { activationService } from './activation-service';

/** The planner app's part: a signed-in user redeems a promo code. */
export async function promoClientRoutes(app: FastifyInstance) {
  route(app, api.client.activatePromoCode, ({ body }, ctx) => activationService.activate(ctx, body.code));
}
