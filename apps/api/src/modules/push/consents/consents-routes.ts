import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/route';
import { consentsService } from './consents-service';

/** Staff read a planner user's consents to advertising, and export the proof. */
export async function consentsRoutes(app: FastifyInstance) {
  route(app, api.push.userConsents, ({ params }, ctx) => consentsService.ofUser(ctx, params.id));
  route(app, api.push.userConsentsCsv, async ({ params, reply }, ctx) => {
    const csv = await consentsService.csv(ctx, params.id);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="consents-user-${params.id}.csv"`)
      .header('cache-control', 'no-store');
    return reply.send(csv);
  });
}
