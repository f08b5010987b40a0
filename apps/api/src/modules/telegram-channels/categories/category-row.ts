import type { TgCategory } from '@pult/contract';
import type { tgCategories } from '../../../db/schema';

export type CategoryRow = typeof tgCategories.$inferSelect;

export const toCategory = ({ updatedAt: _updated, ...row }: CategoryRow, channelsCount: number): TgCategory => ({
  ...row,
  channelsCount,
  createdAt: row.createdAt.toISOString(),
});
