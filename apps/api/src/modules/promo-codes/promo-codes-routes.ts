import { Readable } from 'node:stream';
import { api } from '@pult/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../lib/route';
import type { ServiceContext } from '../../lib/service-context';
import { readImageUpload } from '../../storage/read-upload';
import { codesBulkService } from './codes-bulk-service';
import { codesService } from './codes-service';
import { seriesService } from './series-service';
import { themeService } from './theme-service';

/** Streams the series' CSV; the service has checked the series and recorded the export by then. */
async function sendCsv(reply: FastifyReply, ctx: ServiceContext, id: number) {
  const lines = await codesService.csv(ctx, id);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="promo-codes-${id}.csv"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines));
}

/** Promo-code series, their codes and their landing-page theme: each endpoint mapped to a service call. */
export async function promoCodesRoutes(app: FastifyInstance) {
  route(app, api.promoCodes.list, ({ query }, ctx) => seriesService.list(ctx, query));
  route(app, api.promoCodes.prefilled, (_, ctx) => seriesService.prefilled(ctx));
  route(app, api.promoCodes.lookup, ({ query }, ctx) => codesService.lookup(ctx, query.code));
  route(app, api.promoCodes.customization, ({ query }, ctx) => seriesService.customization(ctx, query.basketId));
  route(app, api.promoCodes.create, ({ body }, ctx) => seriesService.create(ctx, body));
  route(app, api.promoCodes.get, ({ params }, ctx) => seriesService.get(ctx, params.id));
  route(app, api.promoCodes.manage, ({ params }, ctx) => seriesService.setStatus(ctx, params.id, params.action));

  route(app, api.promoCodes.generatedCodes, ({ params, query, reply }, ctx) =>
    query.format === 'csv' ? sendCsv(reply, ctx, params.id) : codesService.generated(ctx, params.id, query),
  );
  route(app, api.promoCodes.generatedCodesCsv, ({ params, reply }, ctx) => sendCsv(reply, ctx, params.id));
  route(app, api.promoCodes.activated, ({ params, query }, ctx) => codesService.activated(ctx, params.id, query));
  route(app, api.promoCodes.block, ({ params }, ctx) => codesService.block(ctx, params.id, params.code));
  route(app, api.promoCodes.blockMany, ({ params, body }, ctx) => codesBulkService.block(ctx, params.id, body));

  route(app, api.promoCodes.getTheme, ({ params }, ctx) => themeService.get(ctx, params.id));
  route(app, api.promoCodes.updateTheme, ({ params, body }, ctx) => themeService.update(ctx, params.id, body));
  route(app, api.promoCodes.uploadThemeImage, async ({ params, request }, ctx) => {
    // An unknown series is refused before the upload is read.
    await themeService.get(ctx, params.id);
    const image = await readImageUpload(request, 'image', `promo-${params.kind}s`, 'image');
    return themeService.replaceImage(ctx, params.id, params.kind, image);
  });
  route(app, api.promoCodes.removeThemeImage, ({ params }, ctx) =>
    themeService.removeImage(ctx, params.id, params.kind),
  );
}
