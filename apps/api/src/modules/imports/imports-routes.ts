import { Readable } from 'node:stream';
import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { importsService } from './imports-service';
import { readImportUpload } from './upload/read-import-upload';

/** Imports: upload (202, the job runs it), state, refused rows as CSV, undo. */
export async function importsRoutes(app: FastifyInstance) {
  route(app, api.imports.create, async ({ query, request, reply }, ctx) => {
    const upload = await readImportUpload(request, ctx.storage, (fields) => importsService.accept(ctx, query, fields));
    const created = await importsService.create(ctx, upload);
    return reply.code(202).send(created);
  });
  route(app, api.imports.get, ({ params }, ctx) => importsService.get(ctx, params.id));
  route(app, api.imports.errorsCsv, async ({ params, reply }, ctx) => {
    const lines = await importsService.errorsCsv(ctx, params.id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="import-${params.id}-errors.csv"`)
      .send(Readable.from(lines));
  });
  route(app, api.imports.undo, ({ params }, ctx) => importsService.undo(ctx, params.id));
}
