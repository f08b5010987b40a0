import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/route';
import { clientChannelsService } from './client-channels-service';

/** The planner app's part: published channels grouped by category. */
export async function telegramClientRoutes(app: FastifyInstance) {
  route(app, api.client.tgChannels, (_, ctx) => clientChannelsService.grouped(ctx));
}
