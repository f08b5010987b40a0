import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { metricsService } from './metrics-service';

/** GET /metrics at the root, for Prometheus (docs/operations.md). */
export async function metricsRoutes(app: FastifyInstance) {
  const token = app.env.METRICS_TOKEN;
  route(app, api.operations.metrics, async ({ request, reply }, ctx) => {
    const scrape = await metricsService.scrape(ctx, token, request.headers.authorization);
    return reply.type(scrape.contentType).header('cache-control', 'no-store').send(scrape.text);
  });
}
