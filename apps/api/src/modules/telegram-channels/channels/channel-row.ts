import type { TgChannel } from '@pult/contract';
import type { tgChannels } from '../../../db/schema';

export type ChannelRow = typeof tgChannels.$inferSelect;

export const toChannel = ({ telegramPhotoId: _photo, ...row }: ChannelRow): TgChannel => ({
  ...row,
  checkedAt: row.checkedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
