import type { TgCategory, TgChannel } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { channelMatches, searchColumns } from './channel-search';

const category = (id: number, title: string): TgCategory => ({
  id,
  title,
  sortOrder: id,
  channelsCount: 0,
  createdAt: '2026-01-01T00:00:00Z',
  version: 1,
});
const channel = (id: number, title: string, username: string): TgChannel => ({
  id,
  title,
  username,
  description: '',
  categoryId: 1,
  icon: null,
  sortOrder: id,
  published: true,
  subscribers: null,
  checkedAt: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  version: 1,
});

describe('channel search', () => {
  it('finds a channel by part of its title or public name, with or without @, in any case', () => {
    const news = channel(1, 'Новости Москвы', 'moscow_news');
    expect(channelMatches(news, 'москв')).toBe(true);
    expect(channelMatches(news, '@MOSCOW')).toBe(true);
    expect(channelMatches(news, 'питер')).toBe(false);
    expect(channelMatches(news, '  ')).toBe(true);
  });

  it('keeps the categories with a match, each with its matching channels only', () => {
    const columns = [
      {
        category: category(1, 'Новости'),
        channels: [channel(1, 'Новости Москвы', 'moscow_news'), channel(2, 'Мир', 'world_x')],
      },
      { category: category(2, 'Спорт'), channels: [channel(3, 'Футбол', 'football_x')] },
    ];
    const found = searchColumns(columns, 'моск');
    expect(found.map((column) => column.category.title)).toEqual(['Новости']);
    expect(found[0]?.channels.map((each) => each.id)).toEqual([1]);
    expect(searchColumns(columns, '')).toBe(columns);
  });
});
