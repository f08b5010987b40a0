import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { sessionsService } from './sessions-service';

/** The caller's own sessions (product.md §8). */
export async function sessionsRoutes(app: FastifyInstance) {
  route(app, api.sessions.list, (_call, ctx) => sessionsService.list(ctx));
  route(app, api.sessions.end, ({ params }, ctx) => sessionsService.end(ctx, params.id));
  route(app, api.sessions.endOthers, (_call, ctx) => sessionsService.endOthers(ctx));
}
