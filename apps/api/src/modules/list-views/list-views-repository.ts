import type { ColumnSetting, ListKey, ViewState } from '@pult/contract';
import { and, asc, count, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listColumnSettings, savedViews, users } from '../../db/schema';
import type { SavedViewRow } from './saved-view-row';

type ViewChanges = Partial<{ name: string; state: ViewState; shared: boolean; updatedAt: Date }>;

const ownerName = sql<string>`coalesce(nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), ''), ${users.email})`;

const selectViews = (db: Db) =>
  db
    .select({
      id: savedViews.id,
      ownerId: savedViews.ownerId,
      listKey: savedViews.listKey,
      name: savedViews.name,
      state: savedViews.state,
      shared: savedViews.shared,
      createdAt: savedViews.createdAt,
      updatedAt: savedViews.updatedAt,
      ownerName,
    })
    .from(savedViews)
    .innerJoin(users, eq(users.id, savedViews.ownerId));

/** The SQL of column settings and saved views; the rules are in the service (docs/decisions/0012). */
export const listViewsRepository = {
  async columns(db: Db, userId: number, listKey: ListKey): Promise<ColumnSetting[]> {
    const [row] = await db
      .select({ columns: listColumnSettings.columns })
      .from(listColumnSettings)
      .where(and(eq(listColumnSettings.userId, userId), eq(listColumnSettings.listKey, listKey)));
    return row?.columns ?? [];
  },

  async putColumns(db: Db, userId: number, listKey: ListKey, columns: ColumnSetting[], now: Date): Promise<void> {
    if (columns.length === 0) {
      await db
        .delete(listColumnSettings)
        .where(and(eq(listColumnSettings.userId, userId), eq(listColumnSettings.listKey, listKey)));
      return;
    }
    await db
      .insert(listColumnSettings)
      .values({ userId, listKey, columns, updatedAt: now })
      .onConflictDoUpdate({
        target: [listColumnSettings.userId, listColumnSettings.listKey],
        set: { columns, updatedAt: now },
      });
  },

  /** The caller's own views of a list and everyone's shared ones, by name. */
  visible: (db: Db, userId: number, listKey: ListKey): Promise<SavedViewRow[]> =>
    selectViews(db)
      .where(and(eq(savedViews.listKey, listKey), or(eq(savedViews.ownerId, userId), eq(savedViews.shared, true))))
      .orderBy(asc(savedViews.name), asc(savedViews.id)),

  async find(db: Db, id: number): Promise<SavedViewRow | undefined> {
    const [row] = await selectViews(db).where(eq(savedViews.id, id));
    return row;
  },

  /** Locks the row, so two edits of one view cannot interleave between the permission check and the write. */
  async lock(db: Db, id: number): Promise<{ id: number } | undefined> {
    const [row] = await db.select({ id: savedViews.id }).from(savedViews).where(eq(savedViews.id, id)).for('update');
    return row;
  },

  async countOwned(db: Db, ownerId: number, listKey: ListKey): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(savedViews)
      .where(and(eq(savedViews.ownerId, ownerId), eq(savedViews.listKey, listKey)));
    return row?.n ?? 0;
  },

  async insert(
    db: Db,
    values: { ownerId: number; listKey: ListKey; name: string; state: ViewState; shared: boolean; now: Date },
  ): Promise<number> {
    const { now, ...rest } = values;
    const [row] = await db
      .insert(savedViews)
      .values({ ...rest, createdAt: now, updatedAt: now })
      .returning({ id: savedViews.id });
    if (!row) throw new Error('insert returned nothing');
    return row.id;
  },

  async update(db: Db, id: number, changes: ViewChanges): Promise<void> {
    await db.update(savedViews).set(changes).where(eq(savedViews.id, id));
  },

  async remove(db: Db, id: number): Promise<void> {
    await db.delete(savedViews).where(eq(savedViews.id, id));
  },
};
