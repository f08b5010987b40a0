import { Readable } from 'node:stream';
import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { auditService } from './audit-service';

export async function auditRoutes(app: FastifyInstance) {
  route(app, api.audit.list, ({ query }, ctx) => auditService.list(ctx, query));
  route(app, api.audit.export, async ({ query, reply }, ctx) => {
    const rows = await auditService.exportCsv(ctx, query);
    const stamp = ctx.clock.now().toISOString().slice(0, 10);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-${stamp}.csv"`)
      .header('cache-control', 'no-store');
    // highWaterMark 1: read the next batch only when the client has taken the last one.
    return reply.send(Readable.from(rows, { highWaterMark: 1 }));
  });
}
