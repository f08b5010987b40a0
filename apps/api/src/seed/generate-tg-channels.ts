import { createRandom } from './prng';
import type { SeedSource } from './seed-source';
import { transliterate } from './transliterate';

/** The demo categories and the subjects of their channels: what a planner's audience subscribes to. */
const categories: readonly { title: string; subjects: readonly string[] }[] = [
  { title: 'Продуктивность', subjects: ['Тайм-менеджмент', 'Привычки', 'Фокус', 'Планирование', 'Цели', 'Дедлайны'] },
  { title: 'Бизнес', subjects: ['Стартапы', 'Малый бизнес', 'Маркетинг', 'Продажи', 'Управление', 'Переговоры'] },
  { title: 'Финансы', subjects: ['Инвестиции', 'Бюджет', 'Накопления', 'Налоги', 'Кешбэк', 'Пенсия'] },
  { title: 'Технологии', subjects: ['Гаджеты', 'Программирование', 'Нейросети', 'Стартап-новости', 'Безопасность'] },
  { title: 'Образование', subjects: ['Английский', 'Онлайн-курсы', 'Книги', 'Наука', 'История', 'Математика'] },
  { title: 'Здоровье', subjects: ['Сон', 'Питание', 'Бег', 'Йога', 'Медитация', 'Психология'] },
  { title: 'Путешествия', subjects: ['Выходные', 'Горы', 'Дешёвые билеты', 'Россия', 'Кемпинг', 'Азия'] },
  { title: 'Дом и семья', subjects: ['Уборка', 'Дети', 'Рецепты', 'Ремонт', 'Сад', 'Домашние дела'] },
  { title: 'Творчество', subjects: ['Рисование', 'Фотография', 'Дизайн', 'Писательство', 'Музыка', 'Леттеринг'] },
  { title: 'Карьера', subjects: ['Вакансии', 'Резюме', 'Удалёнка', 'Собеседования', 'Нетворкинг', 'Фриланс'] },
  { title: 'Новости', subjects: ['Главное за день', 'Москва', 'Петербург', 'Экономика', 'Мир', 'Регионы'] },
  { title: 'Развлечения', subjects: ['Кино', 'Сериалы', 'Настолки', 'Мемы', 'Подкасты', 'Игры'] },
];

const flavours = [
  'каждый день',
  'для начинающих',
  'по-взрослому',
  'без воды',
  'коротко',
  'от практиков',
  'клуб',
  'дайджест',
];
const descriptions = [
  'Короткие заметки и полезные подборки по теме «{subject}».',
  'Разбираем {subject} на живых примерах. Новые посты каждый будний день.',
  '{subject}: советы, инструменты и истории читателей.',
  'Авторский канал про {subject}. Без рекламы курсов и марафонов.',
  'Еженедельный дайджест: {subject} и всё, что рядом.',
];

export const tgCategoryColumns = ['id', 'title', 'sort_order', 'created_at', 'updated_at'] as const;
export const tgChannelColumns = [
  'id',
  'title',
  'username',
  'description',
  'category_id',
  'sort_order',
  'published',
  'subscribers',
  'checked_at',
  'created_at',
  'updated_at',
] as const;

/** A t.me public name from a Russian title: Latin letters, digits, single underscores, 5–32 characters. */
export const slugOf = (title: string) =>
  transliterate(title.toLowerCase())
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^[^a-z]+/, '')
    .slice(0, 24)
    .replace(/_+$/, '');

export interface DemoChannels {
  categories: SeedSource;
  channels: SeedSource;
  channelCount: number;
}

/** About `count` channels spread over the demo categories, ids from the given firsts, reproducible by `seed`. */
export function generateTgChannels(options: {
  count: number;
  firstCategoryId: number;
  firstChannelId: number;
  seed: number;
  now: Date;
}): DemoChannels {
  const random = createRandom(options.seed ^ 0x7e1e);
  const { now } = options;
  const created = (maxDays: number) => new Date(now.getTime() - random.int(1, maxDays) * 86_400_000);
  const categoryRows = categories.map((category, index) => {
    const at = created(700);
    return [options.firstCategoryId + index, category.title, index, at, at] as const;
  });

  const taken = new Set<string>();
  const channelRows: (readonly (string | number | boolean | Date | null)[])[] = [];
  const perCategory = Math.ceil(options.count / categories.length);
  categories.forEach((category, categoryIndex) => {
    for (let place = 0; place < perCategory && channelRows.length < options.count; place++) {
      const subject = random.pick(category.subjects);
      const title = `${subject} ${random.pick(flavours)}`;
      let username = slugOf(title);
      for (let n = 2; taken.has(username.toLowerCase()) || username.length < 5; n++)
        username = `${slugOf(title).slice(0, 26)}_${n}`;
      taken.add(username.toLowerCase());
      const at = created(600);
      // Follower counts are heavy-tailed: most channels are small, a few are huge.
      const subscribers = Math.round(500 * (1 / (1 - random.next() * 0.998)) ** 1.1);
      channelRows.push([
        options.firstChannelId + channelRows.length,
        title.charAt(0).toUpperCase() + title.slice(1),
        username,
        random.pick(descriptions).replace('{subject}', subject.toLowerCase()),
        options.firstCategoryId + categoryIndex,
        place,
        random.chance(0.9),
        subscribers,
        random.chance(0.8) ? new Date(now.getTime() - random.int(1, 72) * 3_600_000) : null,
        at,
        at,
      ]);
    }
  });

  return {
    categories: { table: 'tg_categories', columns: tgCategoryColumns, total: categoryRows.length, rows: categoryRows },
    channels: { table: 'tg_channels', columns: tgChannelColumns, total: channelRows.length, rows: channelRows },
    channelCount: channelRows.length,
  };
}
