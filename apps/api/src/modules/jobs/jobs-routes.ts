import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { jobsService } from './jobs-service';

export async function jobsRoutes(app: FastifyInstance) {
  route(app, api.jobs.list, ({ query }, ctx) => jobsService.list(ctx, query));
  route(app, api.jobs.summary, (_call, ctx) => jobsService.summary(ctx));
  // A retried job runs at once: the workers wake when the retry commits.
  route(app, api.jobs.retry, ({ params }, ctx) => jobsService.retry(ctx, params.id));
  route(app, api.jobs.cancel, ({ params }, ctx) => jobsService.cancel(ctx, params.id));
}
