import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { activationService } from '../promo-codes';

/** The planner-facing part: a signed-in planner user, not staff. */
export async function clientRoutes(app: FastifyInstance) {
  route(app, api.client.activatePromoCode, ({ body }, ctx) => activationService.activate(ctx, body.code));
}
