import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { subscriptionsService } from './subscriptions-service';

/** Users' subscriptions: the list, and the admin's grant. */
export async function subscriptionsRoutes(app: FastifyInstance) {
  route(app, api.subscriptions.list, ({ query }, ctx) => subscriptionsService.list(ctx, query));
  route(app, api.subscriptions.grant, ({ params }, ctx) =>
    subscriptionsService.grantByAdmin(ctx, params.userId, params.planId),
  );
}
