import { generateTgChannels } from './generate-tg-channels';
import { createProgress } from './progress';
import type { SeedTarget } from './seed-target';

/**
 * The demo Telegram categories and about 300 channels, once: a database that already has channels
 * (from staff or an earlier run) is left alone. Returns how many channels were created.
 */
export async function seedTelegram(
  target: SeedTarget,
  options: { seed: number; now: Date; progressStream?: NodeJS.WriteStream },
  count = 300,
): Promise<number> {
  const [existing] = await target.query<{ n: number }>('SELECT count(*)::int AS n FROM tg_channels');
  if ((existing?.n ?? 0) > 0) return 0;
  const [categoriesExisting] = await target.query<{ n: number }>('SELECT count(*)::int AS n FROM tg_categories');
  if ((categoriesExisting?.n ?? 0) > 0) return 0;
  const demo = generateTgChannels({
    count,
    firstCategoryId: (await target.maxId('tg_categories')) + 1,
    firstChannelId: (await target.maxId('tg_channels')) + 1,
    seed: options.seed,
    now: options.now,
  });
  const stream = options.progressStream ? { stream: options.progressStream } : {};
  await target.load(
    demo.categories,
    createProgress({ label: 'tg categories', total: demo.categories.total, ...stream }),
  );
  await target.finish('tg_categories');
  await target.load(demo.channels, createProgress({ label: 'tg channels', total: demo.channelCount, ...stream }));
  await target.finish('tg_channels');
  return demo.channelCount;
}
