import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { settingsService } from './settings-service';

/** System settings: each endpoint of the contract mapped to a service call. */
export async function settingsRoutes(app: FastifyInstance) {
  route(app, api.settings.get, (_call, ctx) => settingsService.get(ctx));
  route(app, api.settings.update, ({ body }, ctx) => settingsService.update(ctx, body));
}
