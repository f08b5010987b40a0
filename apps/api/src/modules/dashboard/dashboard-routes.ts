import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { dashboardService } from './dashboard-service';
import { mrrMovementsService } from './mrr-movements-service';
import { timelineService } from './timeline-service';

export async function dashboardRoutes(app: FastifyInstance) {
  route(app, api.dashboard.data, ({ query }, ctx) => dashboardService.data(ctx, query.period));
  route(app, api.dashboard.mrrMovements, ({ query }, ctx) => mrrMovementsService.page(ctx, query));
  route(app, api.dashboard.userTimeline, ({ params, query }, ctx) => timelineService.page(ctx, params.id, query));
}
