import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { readImageUpload } from '../../storage/read-upload';
import { categoriesService } from './categories-service';
import { channelsService } from './channels-service';
import { clientChannelsService } from './client-channels-service';
import { storedFileUrl } from './file-url';
import { layoutService } from './layout-service';
import { refreshService } from './refresh-service';
import { telegramBotApi } from './telegram-bot-api';

/** Channels, categories and their order for staff, and the planner's grouped list. */
export async function telegramChannelsRoutes(app: FastifyInstance) {
  const { TELEGRAM_BOT_TOKEN: token, TELEGRAM_API_URL: apiUrl, publicUrl } = app.env;
  const bot = token ? telegramBotApi(token, apiUrl) : undefined;

  route(app, api.telegram.listChannels, ({ query }, ctx) =>
    channelsService.page(ctx, query.take, query.page, Boolean(bot)),
  );
  route(app, api.telegram.saveChannel, ({ body }, ctx) => channelsService.save(ctx, body));
  route(app, api.telegram.deleteChannel, async ({ params }, ctx) => {
    await channelsService.remove(ctx, params.id);
    return { ok: true as const };
  });
  route(app, api.telegram.uploadChannelIcon, async ({ params, request, reply }, ctx) => {
    const icon = await readImageUpload(request, 'icon', 'tg-icons', 'icon');
    const path = await channelsService.replaceIcon(ctx, params.id, icon);
    return reply.type('text/plain; charset=utf-8').send(storedFileUrl(publicUrl, ctx.storage.publicBaseUrl, path));
  });
  route(app, api.telegram.refreshChannel, ({ params }, ctx) => refreshService.refresh(ctx, bot, params.id));
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
  route(app, api.client.tgChannels, (_, ctx) => clientChannelsService.grouped(ctx, publicUrl));
}
