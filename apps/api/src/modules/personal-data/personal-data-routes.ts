import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { personalDataService } from './personal-data-service';

/** Data-subject tools: export everything about a user, anonymise a user. */
export async function personalDataRoutes(app: FastifyInstance) {
  route(app, api.personalData.export, async ({ params, reply }, ctx) => {
    const data = await personalDataService.export(ctx, params.id);
    reply
      .header('content-disposition', `attachment; filename="user-${params.id}-personal-data.json"`)
      .header('cache-control', 'no-store');
    return data;
  });
  route(app, api.personalData.anonymise, ({ params, body }, ctx) =>
    personalDataService.anonymise(ctx, params.id, body.confirmation),
  );
}
