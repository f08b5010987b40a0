import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/route';
import { staleVersion } from '../../../lib/versions';
import { readImageUpload } from '../../../storage/read-upload';
import { themeService } from './theme-service';

/** A series' landing-page theme: colours and texts, and its images uploaded or removed. */
export async function themeRoutes(app: FastifyInstance) {
  route(app, api.promoCodes.getTheme, ({ params }, ctx) => themeService.get(ctx, params.id));
  route(app, api.promoCodes.updateTheme, ({ params, body }, ctx) => themeService.update(ctx, params.id, body));
  route(app, api.promoCodes.uploadThemeImage, async ({ params, request }, ctx) => {
    // An unknown series, or one already past the If-Match, is refused before the upload is read. The check
    // that counts is the save's own UPDATE (… WHERE version = If-Match): a change in between meets it there.
    const theme = await themeService.get(ctx, params.id);
    if (ctx.ifMatch !== undefined && ctx.ifMatch !== theme.version) throw staleVersion(theme);
    const image = await readImageUpload(request, 'image', `promo-${params.kind}s`, 'image');
    return themeService.replaceImage(ctx, params.id, params.kind, image);
  });
  route(app, api.promoCodes.removeThemeImage, ({ params }, ctx) =>
    themeService.removeImage(ctx, params.id, params.kind),
  );
}
