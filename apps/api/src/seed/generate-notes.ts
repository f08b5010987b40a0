import { createRandom, type Random } from './prng';
import type { Cell, SeedSource } from './seed-source';

const TOPICS: ReadonlyArray<readonly [string, string]> = [
  ['Планирование недели', 'планирование'],
  ['Утренние ритуалы', 'привычки'],
  ['Цели на квартал', 'цели'],
  ['Тайм-менеджмент для родителей', 'время'],
  ['Как не выгореть на работе', 'здоровье'],
  ['Метод помидора', 'фокус'],
  ['Разбор входящих задач', 'планирование'],
  ['Вечерний обзор дня', 'привычки'],
  ['Финансовый план на месяц', 'финансы'],
  ['Подготовка к отпуску', 'путешествия'],
  ['Чтение по 20 минут в день', 'книги'],
  ['Трекер привычек', 'привычки'],
  ['Матрица Эйзенхауэра', 'приоритеты'],
  ['Спорт без оправданий', 'здоровье'],
  ['Домашние дела по расписанию', 'дом'],
  ['Учёба и курсы', 'обучение'],
];
const ANGLES = [
  'пять простых шагов',
  'что работает на самом деле',
  'ошибки новичков',
  'чек-лист',
  'опыт наших пользователей',
  'с чего начать',
  'за 15 минут',
  'без стресса',
];
const SENTENCES = [
  'Запишите все задачи в одно место, прежде чем планировать день.',
  'Разбейте большую цель на шаги, которые можно сделать за полчаса.',
  'Оставляйте в расписании свободные окна: что-то всегда идёт не по плану.',
  'Вечером выберите три главных дела на завтра.',
  'Регулярный обзор недели помогает не терять из виду важное.',
  'Напоминания в планере снимают с головы лишнюю нагрузку.',
  'Привычка закрепляется примерно за два месяца ежедневных повторений.',
  'Отмечайте выполненное: видимый прогресс мотивирует продолжать.',
  'Не планируйте больше, чем успевали в среднем за прошлые недели.',
  'Сложные задачи ставьте на утро, когда внимания больше всего.',
  'Группируйте похожие дела: звонки, письма, покупки.',
  'Спланированный отдых так же важен, как спланированная работа.',
  'Если задача занимает меньше двух минут, сделайте её сразу.',
  'Делегируйте то, что другие сделают не хуже вас.',
  'Раз в месяц пересматривайте цели: что-то могло потерять смысл.',
];
const EXTRA_TAGS = ['советы', 'новичкам', 'продуктивность', 'семья', 'работа', 'отдых', 'gtd'];

const paragraph = (random: Random) => Array.from({ length: random.int(2, 4) }, () => random.pick(SENTENCES)).join(' ');

/** A Markdown body: a lead, a heading, a list, maybe a link — what editors really write. */
function body(random: Random, topic: string): string {
  const items = Array.from({ length: random.int(3, 5) }, () => `- ${random.pick(SENTENCES)}`).join('\n');
  const parts = [
    paragraph(random),
    `## ${topic}: главное`,
    items,
    `**Совет:** ${random.pick(SENTENCES).toLowerCase()}`,
    paragraph(random),
  ];
  if (random.chance(0.3)) parts.push('Подробнее в [справке](https://example.com/help).');
  return parts.join('\n\n');
}

export interface NotesOptions {
  count: number;
  firstId: number;
  authorIds: readonly number[];
  seed: number;
  now: Date;
}

const COLUMNS = [
  'id',
  'title',
  'body',
  'tags',
  'status',
  'published_at',
  'author_id',
  'created_at',
  'updated_at',
  'archived_at',
] as const;

/** Notes over the last year: about 60% published, a few archived; tags from a small, skewed set. */
export function* generateNotes(options: NotesOptions): Generator<Cell[]> {
  const random = createRandom(options.seed * 7919 + 17);
  const yearMs = 365 * 86_400_000;
  for (let i = 0; i < options.count; i += 1) {
    const [topic, tag] = random.pickSkewed(TOPICS, 1.3);
    const createdAt = new Date(options.now.getTime() - Math.floor(random.next() * yearMs));
    const updatedAt = new Date(Math.min(options.now.getTime(), createdAt.getTime() + random.int(0, 14) * 86_400_000));
    const published = random.chance(0.6);
    const tags = [tag, ...(random.chance(0.5) ? [random.pick(EXTRA_TAGS)] : [])];
    yield [
      options.firstId + i,
      `${topic}: ${random.pick(ANGLES)}`,
      body(random, topic),
      `{${[...new Set(tags)].join(',')}}`,
      published ? 'published' : 'draft',
      published ? updatedAt : null,
      options.authorIds.length > 0 ? random.pick(options.authorIds) : null,
      createdAt,
      updatedAt,
      random.chance(0.03) ? updatedAt : null,
    ];
  }
}

export const notesSource = (options: NotesOptions): SeedSource => ({
  table: 'notes',
  columns: COLUMNS,
  total: options.count,
  rows: generateNotes(options),
});
