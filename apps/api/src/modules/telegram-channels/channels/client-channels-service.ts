import type { ClientTgChannels } from '@pult/contract';
import type { ServiceContext } from '../../../lib/service-context';
import { storedFileUrl } from '../../../storage/file-url';
import { channelsRepository } from './channels-repository';

/** What the planner app shows: published channels under their categories, both in staff's order. */
export const clientChannelsService = {
  grouped: async (ctx: ServiceContext): Promise<ClientTgChannels> => {
    const rows = await channelsRepository.published(ctx.db);
    const categories: ClientTgChannels['categories'] = [];
    for (const { channel, category } of rows) {
      let group = categories.at(-1);
      if (group?.id !== category.id) {
        group = { id: category.id, title: category.title, channels: [] };
        categories.push(group);
      }
      group.channels.push({
        id: channel.id,
        title: channel.title,
        username: channel.username,
        description: channel.description,
        icon: channel.icon ? storedFileUrl(ctx, channel.icon) : null,
        subscribers: channel.subscribers,
      });
    }
    return { categories };
  },
};
