import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/route';
import { refreshService } from './refresh-service';

/** A channel's title, description, photo and subscribers fetched again from the Bot API. */
export async function refreshRoutes(app: FastifyInstance) {
  route(app, api.telegramChannels.refreshChannel, ({ params }, ctx) => refreshService.refresh(ctx, params.id));
}
