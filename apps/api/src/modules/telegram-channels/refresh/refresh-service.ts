import { randomUUID } from 'node:crypto';
import type { TgChannel } from '@pult/contract';
import { HttpError } from '../../../lib/http-errors';
import type { ServiceContext } from '../../../lib/service-context';
import { detectImage, MAX_BYTES } from '../../../storage/image-check';
import type { CheckedImage } from '../../../storage/read-upload';
import { replaceStoredFile } from '../../../storage/replace-file';
import { type ChannelRow, toChannel } from '../channels/channel-row';
import { channelsRepository as repo } from '../channels/channels-repository';
import { channelNotFound } from '../telegram-errors';
import type { TelegramBotApi, TelegramChat } from './telegram-bot-api';

export const telegramNotConfigured = () =>
  new HttpError(503, 'TELEGRAM_NOT_CONFIGURED', 'Telegram is not configured (TELEGRAM_BOT_TOKEN is not set)');

type Fetched = Pick<ChannelRow, 'title' | 'description' | 'subscribers'> & {
  photo?: { image: CheckedImage; uniqueId: string };
};

/** The channel's photo as an icon, unless it is the one already stored or not an image Pult keeps. */
async function fetchPhoto(ctx: ServiceContext, bot: TelegramBotApi, chat: TelegramChat, row: ChannelRow) {
  const photo = chat.photo;
  if (!photo || photo.big_file_unique_id === row.telegramPhotoId) return undefined;
  const bytes = await bot.downloadFile(photo.big_file_id, MAX_BYTES.icon);
  const kind = bytes && detectImage(bytes);
  if (!bytes || !kind) {
    ctx.log.warn({ channel: row.id }, 'Telegram photo skipped: too large or not PNG/JPEG/WebP');
    return undefined;
  }
  return { image: { bytes, kind, key: `tg-icons/${randomUUID()}.${kind.ext}` }, uniqueId: photo.big_file_unique_id };
}

/** «Обновить из Telegram»: what Telegram says about a public channel replaces what we stored. */
export const refreshService = {
  refresh: async (ctx: ServiceContext, id: number): Promise<TgChannel> => {
    const bot = ctx.deps.telegram;
    if (!bot) throw telegramNotConfigured();
    const row = await repo.find(ctx.db, id);
    if (!row) throw channelNotFound();

    const chatId = `@${row.username}`;
    const chat = await bot.getChat(chatId);
    if (chat.type !== 'channel')
      throw new HttpError(409, 'TELEGRAM_NOT_A_CHANNEL', `@${row.username} is a ${chat.type}, not a channel`);
    const fetched: Fetched = {
      title: chat.title?.trim().slice(0, 200) || row.title,
      description: (chat.description ?? '').trim().slice(0, 2000),
      subscribers: await bot.getChatMemberCount(chatId),
      photo: await fetchPhoto(ctx, bot, chat, row),
    };

    const save = async (icon?: { key: string; uniqueId: string }) =>
      ctx.db.transaction(async (tx) => {
        const before = await repo.lock(tx, id);
        if (!before) throw channelNotFound();
        const now = ctx.clock.now();
        const updated = await repo.update(tx, id, {
          title: fetched.title,
          description: fetched.description,
          subscribers: fetched.subscribers,
          checkedAt: now,
          updatedAt: now,
          ...(icon ? { icon: icon.key, telegramPhotoId: icon.uniqueId } : {}),
        });
        if (!updated) throw channelNotFound();
        await ctx.audit(
          {
            action: 'refresh',
            entity: 'tg-channel',
            entityId: id,
            before: toChannel(before),
            after: toChannel(updated),
          },
          tx,
        );
        return { result: toChannel(updated), previous: icon ? before.icon : null };
      });

    const { photo } = fetched;
    if (!photo) return (await save()).result;
    return replaceStoredFile(ctx, photo.image, (key) => save({ key, uniqueId: photo.uniqueId }));
  },
};
