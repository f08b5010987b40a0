import { Readable } from 'node:stream';
import { api } from '@pult/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../../lib/route';
import type { ServiceContext } from '../../../lib/service-context';
import { codesBulkService } from './codes-bulk-service';
import { codesService } from './codes-service';

/** Streams the series' CSV; the service has checked the series and recorded the export by then. */
async function sendCsv(reply: FastifyReply, ctx: ServiceContext, id: number) {
  const lines = await codesService.csv(ctx, id);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="promo-codes-${id}.csv"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines));
}

/** A series' codes for staff: the generated list and its CSV, the lookup, the activated, blocking. */
export async function codesRoutes(app: FastifyInstance) {
  route(app, api.promoCodes.lookup, ({ query }, ctx) => codesService.lookup(ctx, query.code));
  route(app, api.promoCodes.generatedCodes, ({ params, query, reply }, ctx) =>
    query.format === 'csv' ? sendCsv(reply, ctx, params.id) : codesService.generated(ctx, params.id, query),
  );
  route(app, api.promoCodes.generatedCodesCsv, ({ params, reply }, ctx) => sendCsv(reply, ctx, params.id));
  route(app, api.promoCodes.activated, ({ params, query }, ctx) => codesService.activated(ctx, params.id, query));
  route(app, api.promoCodes.block, ({ params }, ctx) => codesService.block(ctx, params.id, params.code));
  route(app, api.promoCodes.blockMany, ({ params, body }, ctx) => codesBulkService.block(ctx, params.id, body));
}
