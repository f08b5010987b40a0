import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { readImageUpload } from '../../storage/read-upload';
import { categoriesService } from './categories-service';
import { channelsService } from './channels-service';
import { layoutService } from './layout-service';
import { refreshService } from './refresh-service';

/** Channels, categories and their order for staff. */
export async function telegramChannelsRoutes(app: FastifyInstance) {
  route(app, api.telegram.listChannels, ({ query }, ctx) => channelsService.page(ctx, query.take, query.page));
  route(app, api.telegram.saveChannel, ({ body }, ctx) => channelsService.save(ctx, body));
  route(app, api.telegram.deleteChannel, async ({ params }, ctx) => {
    await channelsService.remove(ctx, params.id);
    return { ok: true as const };
  });
  route(app, api.telegram.uploadChannelIcon, async ({ params, request, reply }, ctx) => {
    const icon = await readImageUpload(request, 'icon', 'tg-icons', 'icon');
    const url = await channelsService.replaceIcon(ctx, params.id, icon);
    return reply.type('text/plain; charset=utf-8').send(url);
  });
  route(app, api.telegram.refreshChannel, ({ params }, ctx) => refreshService.refresh(ctx, params.id));
  route(app, api.telegram.reorder, async ({ body }, ctx) => {
    await layoutService.reorder(ctx, body);
    return { ok: true as const };
  });
  route(app, api.telegram.listCategories, (_, ctx) => categoriesService.list(ctx));
  route(app, api.telegram.saveCategory, ({ body }, ctx) => categoriesService.save(ctx, body));
  route(app, api.telegram.deleteCategory, async ({ params, query }, ctx) => {
    await categoriesService.remove(ctx, params.id, query.moveTo);
    return { ok: true as const };
  });
}
