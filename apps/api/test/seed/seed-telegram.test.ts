import { TG_USERNAME_PATTERN } from '@pult/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { generateTgChannels } from '../../src/seed/generate-tg-channels';
import { seedDatabase } from '../../src/seed/seed-database';
import { openTestDatabase, testDbKind } from '../helpers/test-database';

const now = new Date('2025-06-01T12:00:00Z');
const quiet = { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream;

describe('demo Telegram channels', () => {
  it('are ~300 valid, unique public names in every category, reproducible by seed', () => {
    const options = { count: 300, firstCategoryId: 1, firstChannelId: 1, seed: 7, now };
    const demo = generateTgChannels(options);
    const rows = [...demo.channels.rows];
    expect(rows).toHaveLength(300);
    const names = rows.map((row) => String(row[2]));
    for (const name of names) expect(name).toMatch(TG_USERNAME_PATTERN);
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(300);
    expect(new Set(rows.map((row) => row[4])).size).toBe(demo.categories.total);
    expect([...generateTgChannels(options).channels.rows].map((row) => row[2])).toEqual(names);
  });
});

describe(`seeding Telegram channels (${testDbKind})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('loads the categories and channels once; a rerun adds none', async () => {
    const options = { users: 10, reset: true, seed: 3, now, staffPassword: 'demo-password', progressStream: quiet };
    expect((await seedDatabase(database, options)).tgChannels).toBe(300);
    expect((await seedDatabase(database, { ...options, reset: false })).tgChannels).toBe(0);
    const result = (await database.db.execute(
      sql.raw('SELECT count(*)::int AS n, count(DISTINCT category_id)::int AS c FROM tg_channels'),
    )) as unknown as { rows: { n: number; c: number }[] };
    expect(result.rows[0]).toEqual({ n: 300, c: 12 });
    // The id sequence moved past the loaded rows: a new category gets a fresh id.
    await database.db.execute(sql.raw("INSERT INTO tg_categories (title) VALUES ('Новая')"));
  });
});
