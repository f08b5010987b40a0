import type { TgCategory, TgChannel } from '@pult/contract';
import type { tgCategories, tgChannels } from '../../db/schema';

export type ChannelRow = typeof tgChannels.$inferSelect;
export type CategoryRow = typeof tgCategories.$inferSelect;

export const toChannel = ({ telegramPhotoId: _photo, ...row }: ChannelRow): TgChannel => ({
  ...row,
  checkedAt: row.checkedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toCategory = ({ updatedAt: _updated, ...row }: CategoryRow, channelsCount: number): TgCategory => ({
  ...row,
  channelsCount,
  createdAt: row.createdAt.toISOString(),
});
