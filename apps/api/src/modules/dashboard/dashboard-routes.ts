import { Readable } from 'node:stream';
import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { cohortsService } from './cohorts-service';
import { dashboardService } from './dashboard-service';
import { mrrMovementsService } from './mrr-movements-service';
import { peopleService } from './people-service';
import { timelineService } from './timeline-service';

export async function dashboardRoutes(app: FastifyInstance) {
  route(app, api.dashboard.data, ({ query }, ctx) => dashboardService.data(ctx, query.period));
  route(app, api.dashboard.mrrMovements, ({ query }, ctx) => mrrMovementsService.page(ctx, query));
  route(app, api.dashboard.mrrMovementsExport, async ({ query, reply }, ctx) => {
    const rows = mrrMovementsService.exportCsv(ctx, query);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="mrr-${query.kind}-${ctx.clock.now().toISOString().slice(0, 10)}.csv"`,
      )
      .header('cache-control', 'no-store');
    // highWaterMark 1: read the next batch only when the client has taken the last one.
    return reply.send(Readable.from(rows, { highWaterMark: 1 }));
  });
  route(app, api.dashboard.people, ({ query }, ctx) => peopleService.page(ctx, query));
  route(app, api.dashboard.peopleExport, async ({ query, reply }, ctx) => {
    const rows = peopleService.exportCsv(ctx, query);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="people-${query.figure}-${ctx.clock.now().toISOString().slice(0, 10)}.csv"`,
      )
      .header('cache-control', 'no-store');
    return reply.send(Readable.from(rows, { highWaterMark: 1 }));
  });
  route(app, api.dashboard.cohorts, ({ query }, ctx) => cohortsService.grid(ctx, query));
  route(app, api.dashboard.userTimeline, ({ params, query }, ctx) => timelineService.page(ctx, params.id, query));
}
