import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { agreementsService } from './agreements-service';

/** If-None-Match may list several validators, weak or strong; any match means the copy is current. */
const matches = (header: string | undefined, etag: string) =>
  header?.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  }) ?? false;

/** Legal documents: each endpoint of the contract mapped to a service call. */
export async function agreementsRoutes(app: FastifyInstance) {
  route(app, api.agreements.latest, async ({ request, reply }, ctx) => {
    const { etag, ...page } = await agreementsService.current(ctx);
    // Cached by anyone, but revalidated every time: a new version must reach the next app start.
    reply.header('etag', etag).header('cache-control', 'public, no-cache').header('vary', 'accept-encoding');
    if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return page;
  });
  route(app, api.agreements.publish, ({ body }, ctx) => agreementsService.publish(ctx, body));
  route(app, api.agreements.history, ({ query }, ctx) =>
    agreementsService.history(ctx, query.type, query.take, query.page),
  );
  route(app, api.agreements.userConsents, ({ params }, ctx) => agreementsService.userConsents(ctx, params.id));
}
