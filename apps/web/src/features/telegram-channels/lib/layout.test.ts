import type { TgCategory, TgChannel } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { groupChannels, layoutBody, moveChannel } from './layout';

const category = (id: number, sortOrder: number): TgCategory => ({
  id,
  title: `c${id}`,
  sortOrder,
  channelsCount: 0,
  createdAt: '2026-01-01T00:00:00Z',
  version: 1,
});
const channel = (id: number, categoryId: number, sortOrder: number): TgChannel => ({
  id,
  title: `t${id}`,
  username: `name_${id}x`,
  description: '',
  categoryId,
  icon: null,
  sortOrder,
  published: true,
  subscribers: null,
  checkedAt: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  version: 1,
});

describe('the channel board layout', () => {
  const columns = groupChannels(
    [category(2, 1), category(1, 0)],
    [channel(10, 1, 1), channel(11, 1, 0), channel(12, 2, 0)],
  );

  it('groups channels under categories, both in stored order', () => {
    expect(layoutBody(columns)).toEqual({
      categories: [
        { id: 1, channelIds: [11, 10] },
        { id: 2, channelIds: [12] },
      ],
    });
  });

  it('moves a channel within its category and into another', () => {
    expect(layoutBody(moveChannel(columns, 10, 1, 0)).categories[0]?.channelIds).toEqual([10, 11]);
    const moved = moveChannel(columns, 11, 2, 1);
    expect(layoutBody(moved).categories).toEqual([
      { id: 1, channelIds: [10] },
      { id: 2, channelIds: [12, 11] },
    ]);
    expect(moved[1]?.channels[1]?.categoryId).toBe(2);
  });
});
