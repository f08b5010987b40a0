import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { historyRoutes } from '../revisions';
import { settingsHistory } from './settings-history';
import { settingsService } from './settings-service';

/** System settings: each endpoint of the contract mapped to a service call. */
export async function settingsRoutes(app: FastifyInstance) {
  route(app, api.settings.get, (_call, ctx) => settingsService.get(ctx));
  route(app, api.settings.update, ({ body }, ctx) => settingsService.update(ctx, body));
  // One record, id 1: its history's paths have no id.
  historyRoutes(app, api.settings, settingsHistory, 1);
}
