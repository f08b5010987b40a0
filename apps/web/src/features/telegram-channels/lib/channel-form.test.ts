import type { TgCategory, TgChannel } from '@pult/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { addFeatureTexts, i18n, initI18n } from '../../../lib/i18n';
import { shownChanges } from '../../../lib/revision-values';
import { channelChanges, channelConflictFields, channelFieldValues, channelToFormValues } from './channel-form';

beforeAll(async () => {
  await initI18n('ru');
  await addFeatureTexts(['telegram-channels'], 'ru');
});

const reader = () => ({ t: i18n.t.bind(i18n), locale: i18n.language as 'ru' });
const category = (id: number, title: string): TgCategory => ({
  id,
  title,
  sortOrder: id,
  channelsCount: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  version: 1,
});
const categories = [category(1, 'Новости'), category(2, 'Спорт')];
const channel: TgChannel = {
  id: 7,
  title: 'Канал',
  username: 'pult_news',
  description: 'Про всё',
  categoryId: 1,
  icon: null,
  sortOrder: 1,
  published: true,
  subscribers: null,
  checkedAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  version: 3,
};

describe('a channel’s history and conflict dialog read as the channels screen', () => {
  it('shows the category by its title and the flag as Да/Нет', () => {
    const shown = shownChanges(
      [
        { field: 'categoryId', before: 1, after: 2 },
        { field: 'published', before: true, after: false },
        { field: 'categoryId', before: 99, after: 1 },
      ],
      channelFieldValues(categories),
      reader(),
    );
    expect(shown.map(({ before, after }) => `${before} → ${after}`)).toEqual([
      'Новости → Спорт',
      'Да → Нет',
      '99 → Новости',
    ]);
  });

  it('sends only what the person changed, and an untouched @name is no change', () => {
    const values = { ...channelToFormValues(channel, categories), username: '@pult_news', title: 'Канал 2' };
    expect(channelChanges(channel, values)).toEqual({ title: 'Канал 2' });
    const theirs = channelToFormValues({ ...channel, categoryId: 2 }, categories);
    expect(channelConflictFields(values, theirs, (field) => field).map((row) => row.name)).toEqual([
      'title',
      'categoryId',
    ]);
  });
});
