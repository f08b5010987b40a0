import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { activationService } from '../promo-codes';
import { devicesService } from '../push';

/** The planner-facing part: a signed-in planner user, not staff. */
export async function clientRoutes(app: FastifyInstance) {
  route(app, api.client.activatePromoCode, ({ body }, ctx) => activationService.activate(ctx, body.code));
  route(app, api.client.registerDevice, ({ body }, ctx) => devicesService.register(ctx, body));
  route(app, api.client.removeDevice, ({ params }, ctx) => devicesService.remove(ctx, params.token));
  route(app, api.client.pushOpened, ({ params }, ctx) => devicesService.opened(ctx, params.deliveryId));
}
