import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { tgCategories, tgChannels } from '../../../db/schema';
import { nextVersion, sameVersion } from '../../../lib/versions';
import type { ChannelRow } from './channel-row';

type NewChannel = typeof tgChannels.$inferInsert;
type ChannelChanges = Partial<Omit<NewChannel, 'id' | 'createdAt'>>;

/** The SQL of channels, and nothing else. */
export const channelsRepository = {
  /** A page of channels in display order: their category's place, then theirs. */
  page: (db: Db, take: number, skip: number): Promise<ChannelRow[]> =>
    db
      .select({ channel: tgChannels })
      .from(tgChannels)
      .innerJoin(tgCategories, eq(tgCategories.id, tgChannels.categoryId))
      .orderBy(asc(tgCategories.sortOrder), asc(tgCategories.id), asc(tgChannels.sortOrder), asc(tgChannels.id))
      .limit(take)
      .offset(skip)
      .then((rows) => rows.map((row) => row.channel)),

  async count(db: Db): Promise<number> {
    const [row] = await db.select({ value: count() }).from(tgChannels);
    return row?.value ?? 0;
  },

  /** Published channels in display order, with their category, for the planner. */
  published: (db: Db) =>
    db
      .select({ channel: tgChannels, category: { id: tgCategories.id, title: tgCategories.title } })
      .from(tgChannels)
      .innerJoin(tgCategories, eq(tgCategories.id, tgChannels.categoryId))
      .where(eq(tgChannels.published, true))
      .orderBy(asc(tgCategories.sortOrder), asc(tgCategories.id), asc(tgChannels.sortOrder), asc(tgChannels.id)),

  async find(db: Db, id: number): Promise<ChannelRow | undefined> {
    const [row] = await db.select().from(tgChannels).where(eq(tgChannels.id, id));
    return row;
  },

  /** Locks the row for the rest of the transaction, so a concurrent change cannot slip between read and write. */
  async lock(db: Db, id: number): Promise<ChannelRow | undefined> {
    const [row] = await db.select().from(tgChannels).where(eq(tgChannels.id, id)).for('update');
    return row;
  },

  /** Every channel's place, locked: the layout being replaced. */
  lockAllPlaces: (db: Db) =>
    db
      .select({ id: tgChannels.id, categoryId: tgChannels.categoryId, sortOrder: tgChannels.sortOrder })
      .from(tgChannels)
      .orderBy(asc(tgChannels.id))
      .for('update'),

  /** The position after the last channel of a category (0 for an empty one). */
  async nextPlace(db: Db, categoryId: number): Promise<number> {
    const [row] = await db
      .select({ value: sql<number>`coalesce(max(${tgChannels.sortOrder}) + 1, 0)::int` })
      .from(tgChannels)
      .where(eq(tgChannels.categoryId, categoryId));
    return row?.value ?? 0;
  },

  async countIn(db: Db, categoryId: number): Promise<number> {
    const [row] = await db.select({ value: count() }).from(tgChannels).where(eq(tgChannels.categoryId, categoryId));
    return row?.value ?? 0;
  },

  async insert(db: Db, values: NewChannel): Promise<ChannelRow> {
    const [row] = await db.insert(tgChannels).values(values).returning();
    if (!row) throw new Error('insert returned nothing');
    return row;
  },

  /** A change staff made: the next version; with `expected`, only over that version (If-Match). */
  async update(db: Db, id: number, changes: ChannelChanges, expected?: number): Promise<ChannelRow | undefined> {
    const [row] = await db
      .update(tgChannels)
      .set({ ...changes, ...nextVersion(tgChannels) })
      .where(sameVersion(tgChannels, id, expected))
      .returning();
    return row;
  },

  async remove(db: Db, id: number): Promise<ChannelRow | undefined> {
    const [row] = await db.delete(tgChannels).where(eq(tgChannels.id, id)).returning();
    return row;
  },

  /** Moves every channel of `from` to the end of `to`, keeping their order. */
  moveAll: (db: Db, from: number, to: number, firstPlace: number, now: Date) =>
    db.execute(sql`
      UPDATE ${tgChannels} AS c
         SET category_id = ${to}, sort_order = ${firstPlace}::int + s.place::int - 1, updated_at = ${now.toISOString()}::timestamptz, version = c.version + 1
        FROM (SELECT id, row_number() OVER (ORDER BY sort_order, id) AS place
                FROM ${tgChannels} WHERE category_id = ${from}) AS s
       WHERE c.id = s.id`),

  /** Puts each listed channel at its place, in one statement; rows already there are left untouched. */
  setPlaces: (db: Db, places: { id: number; categoryId: number; sortOrder: number }[], now: Date) =>
    db.execute(sql`
      UPDATE ${tgChannels} AS c
         SET category_id = v."categoryId", sort_order = v."sortOrder", updated_at = ${now.toISOString()}::timestamptz, version = c.version + 1
        FROM jsonb_to_recordset(${JSON.stringify(places)}::jsonb)
             AS v(id integer, "categoryId" integer, "sortOrder" integer)
       WHERE c.id = v.id AND (c.category_id, c.sort_order) IS DISTINCT FROM (v."categoryId", v."sortOrder")`),
};
