import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/route';
import { remindersService } from './reminders-service';

/** Staff routes of push notifications: each endpoint mapped to a service call. */
export async function remindersRoutes(app: FastifyInstance) {
  route(app, api.push.list, ({ query }, ctx) => remindersService.list(ctx, query));
  route(app, api.push.create, ({ body }, ctx) => remindersService.create(ctx, body));
  route(app, api.push.audienceCount, ({ body }, ctx) => remindersService.audienceCount(ctx, body));
  route(app, api.push.testSend, ({ body }, ctx) => remindersService.testSend(ctx, body));
  route(app, api.push.get, ({ params }, ctx) => remindersService.get(ctx, params.id));
  route(app, api.push.cancel, ({ params }, ctx) => remindersService.cancel(ctx, params.id));
  route(app, api.push.sendWinner, ({ params, body }, ctx) => remindersService.sendWinner(ctx, params.id, body));
}
