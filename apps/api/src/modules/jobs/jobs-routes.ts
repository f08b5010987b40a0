import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { jobsService } from './jobs-service';

export async function jobsRoutes(app: FastifyInstance) {
  route(app, api.jobs.list, ({ query }, ctx) => jobsService.list(ctx, query));
  route(app, api.jobs.retry, async ({ params, request }, ctx) => {
    const job = await jobsService.retry(ctx, params.id);
    // Run it now rather than at the next poll.
    request.server.jobs.wake();
    return job;
  });
}
