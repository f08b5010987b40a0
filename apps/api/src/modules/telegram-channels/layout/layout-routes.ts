import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/route';
import { layoutService } from './layout-service';

/** The order of categories and of the channels in them, saved as one layout. */
export async function layoutRoutes(app: FastifyInstance) {
  route(app, api.telegramChannels.reorder, async ({ body }, ctx) => {
    await layoutService.reorder(ctx, body);
    return { ok: true as const };
  });
}
