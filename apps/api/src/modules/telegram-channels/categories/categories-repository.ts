import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { tgCategories, tgChannels } from '../../../db/schema';
import { nextVersion, sameVersion } from '../../../lib/versions';
import type { CategoryRow } from './category-row';

type NewCategory = typeof tgCategories.$inferInsert;
type CategoryChanges = Partial<Omit<NewCategory, 'id' | 'createdAt'>>;

/** The SQL of channel categories, and nothing else. */
export const categoriesRepository = {
  /** Every category in order, with how many channels it holds. */
  listWithCounts: (db: Db): Promise<{ category: CategoryRow; channels: number }[]> =>
    db
      .select({ category: tgCategories, channels: count(tgChannels.id) })
      .from(tgCategories)
      .leftJoin(tgChannels, eq(tgChannels.categoryId, tgCategories.id))
      .groupBy(tgCategories.id)
      .orderBy(asc(tgCategories.sortOrder), asc(tgCategories.id)),

  async lock(db: Db, id: number): Promise<CategoryRow | undefined> {
    const [row] = await db.select().from(tgCategories).where(eq(tgCategories.id, id)).for('update');
    return row;
  },

  /**
   * Holds a category for a channel being put in it: a concurrent delete waits for this transaction,
   * and this one sees a category deleted before it as missing.
   */
  async share(db: Db, id: number): Promise<CategoryRow | undefined> {
    const [row] = await db.select().from(tgCategories).where(eq(tgCategories.id, id)).for('share');
    return row;
  },

  /** Every category, locked, in id order (one order for every locker, so two reorders cannot deadlock). */
  lockAll: (db: Db) =>
    db
      .select({ id: tgCategories.id, sortOrder: tgCategories.sortOrder })
      .from(tgCategories)
      .orderBy(asc(tgCategories.id))
      .for('update'),

  async nextPlace(db: Db): Promise<number> {
    const [row] = await db
      .select({ value: sql<number>`coalesce(max(${tgCategories.sortOrder}) + 1, 0)::int` })
      .from(tgCategories);
    return row?.value ?? 0;
  },

  async insert(db: Db, values: NewCategory): Promise<CategoryRow> {
    const [row] = await db.insert(tgCategories).values(values).returning();
    if (!row) throw new Error('insert returned nothing');
    return row;
  },

  /** A change staff made: the next version; with `expected`, only over that version (If-Match). */
  async update(db: Db, id: number, changes: CategoryChanges, expected?: number): Promise<CategoryRow | undefined> {
    const [row] = await db
      .update(tgCategories)
      .set({ ...changes, ...nextVersion(tgCategories) })
      .where(sameVersion(tgCategories, id, expected))
      .returning();
    return row;
  },

  remove: (db: Db, id: number) => db.delete(tgCategories).where(eq(tgCategories.id, id)),

  /** Puts each category at its place in one statement; rows already there are left untouched. */
  setPlaces: (db: Db, places: { id: number; sortOrder: number }[], now: Date) =>
    db.execute(sql`
      UPDATE ${tgCategories} AS c
         SET sort_order = v."sortOrder", updated_at = ${now.toISOString()}::timestamptz, version = c.version + 1
        FROM jsonb_to_recordset(${JSON.stringify(places)}::jsonb) AS v(id integer, "sortOrder" integer)
       WHERE c.id = v.id AND c.sort_order IS DISTINCT FROM v."sortOrder"`),
};
