import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/route';
import { remindersService } from './reminders-service';

/** Staff routes of push notifications: each endpoint mapped to a service call. */
export async function remindersRoutes(app: FastifyInstance) {
  route(app, api.reminders.list, ({ query }, ctx) => remindersService.list(ctx, query));
  route(app, api.reminders.create, ({ body }, ctx) => remindersService.create(ctx, body));
  route(app, api.reminders.audienceCount, ({ body }, ctx) => remindersService.audienceCount(ctx, body));
  route(app, api.reminders.testSend, ({ body }, ctx) => remindersService.testSend(ctx, body));
  route(app, api.reminders.get, ({ params }, ctx) => remindersService.get(ctx, params.id));
  route(app, api.reminders.cancel, ({ params }, ctx) => remindersService.cancel(ctx, params.id));
}
