import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/route';
import { readImageUpload } from '../../../storage/read-upload';
import { historyRoutes } from '../../revisions';
import { telegramListsVersion } from '../list-version';
import { channelHistory } from '../telegram-history';
import { channelsService } from './channels-service';

/** Channels for staff: the list, saving, deleting, a manual icon. */
export async function channelsRoutes(app: FastifyInstance) {
  // Shared data both channel screens load on every visit: revalidated by the lists' version, 304 when
  // unchanged without reading the list, and otherwise the bytes already encoded for it (issue 37).
  route(app, api.telegramChannels.listChannels, ({ query }, ctx) => channelsService.page(ctx, query.take, query.page), {
    revalidate: telegramListsVersion,
  });
  route(app, api.telegramChannels.saveChannel, ({ body }, ctx) => channelsService.save(ctx, body));
  route(app, api.telegramChannels.deleteChannel, async ({ params }, ctx) => {
    await channelsService.remove(ctx, params.id);
    return { ok: true as const };
  });
  route(app, api.telegramChannels.uploadChannelIcon, async ({ params, request, reply }, ctx) => {
    const icon = await readImageUpload(request, 'icon', 'tg-icons', 'icon');
    const url = await channelsService.replaceIcon(ctx, params.id, icon);
    return reply.type('text/plain; charset=utf-8').send(url);
  });
  historyRoutes(
    app,
    { revisions: api.telegramChannels.channelRevisions, restoreRevision: api.telegramChannels.restoreChannelRevision },
    channelHistory,
  );
}
