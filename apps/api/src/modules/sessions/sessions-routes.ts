import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { sessionsService } from './sessions-service';

/** The caller's own sessions (product.md §8), and an admin's view of a colleague's (issue 31). */
export async function sessionsRoutes(app: FastifyInstance) {
  route(app, api.sessions.list, (_call, ctx) => sessionsService.list(ctx));
  route(app, api.sessions.end, ({ params }, ctx) => sessionsService.end(ctx, params.id));
  route(app, api.sessions.endOthers, (_call, ctx) => sessionsService.endOthers(ctx));
  route(app, api.sessions.ofUser, ({ params }, ctx) => sessionsService.ofUser(ctx, params.id));
  route(app, api.sessions.endOfUser, ({ params }, ctx) => sessionsService.endOfUser(ctx, params.id, params.sessionId));
}
