import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/route';
import { devicesService } from './devices-service';

/** The planner app's part: its devices' push tokens, and the opening of a delivered push. */
export async function pushClientRoutes(app: FastifyInstance) {
  route(app, api.client.registerDevice, ({ body }, ctx) => devicesService.register(ctx, body));
  route(app, api.client.removeDevice, ({ params }, ctx) => devicesService.remove(ctx, params.token));
  route(app, api.client.pushOpened, ({ params }, ctx) => devicesService.opened(ctx, params.deliveryId));
}
