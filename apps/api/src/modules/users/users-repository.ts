import type { User, UserFilter } from '@pult/contract';
import { and, asc, count, eq, inArray, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { countRows, type PageCount, pageWindow } from '../../lib/page-count';
import { executePage } from '../../lib/prepared-once';
import { nextVersion, sameVersion } from '../../lib/versions';
import { sessionsChanged } from '../sessions';
import { type UserSort, userConditions, userOrder } from './user-filters';
import type { UserRow } from './user-row';
import { currentSubscription, selectUsersWithRegister, toUserWithRegister, userJson } from './users-with-register';

type NewUser = typeof users.$inferInsert;
type UserChanges = Partial<Omit<NewUser, 'id' | 'createdAt' | 'version'>>;

/** What a signed-in session carries or depends on: a change to one of these must reach the session cache. */
const sessionFields = ['role', 'status', 'email', 'passwordHash'] as const;

export async function findUser(db: Db, id: number, now: Date): Promise<User | undefined> {
  const [row] = await selectUsersWithRegister(db).where(eq(users.id, id));
  return row && toUserWithRegister(row, now);
}

/**
 * One page as one statement, a deferred join: the page's ids from an index-only walk of the sort
 * index (no heap reads for the rows skipped by OFFSET), then just those rows and their registers,
 * answered as one JSON array text built by PostgreSQL in the page's order (`userJson`). `now` is an SQL
 * timestamptz (a placeholder when prepared) that "expired" is read against.
 */
function selectPageJson(
  db: Db,
  condition: SQL | undefined,
  sort: UserSort,
  reverse: boolean,
  limit: number | Placeholder,
  offset: number | Placeholder,
  now: SQL,
) {
  const pageIds = db
    .select({ id: users.id })
    .from(users)
    .where(condition)
    .orderBy(...userOrder(sort, reverse))
    .limit(limit)
    .offset(offset)
    .as('page_ids');
  const current = currentSubscription(db);
  const order = sql.join(userOrder(sort), sql`, `);
  // json_agg would put ", \n " between the rows: the same array without the blanks, as text (no parse).
  const rows = sql`string_agg(row_to_json(${userJson(current, now)})::text, ',' order by ${order})`;
  return db
    .select({ items: sql<string>`'[' || coalesce(${rows}, '') || ']'` })
    .from(pageIds)
    .innerJoin(users, eq(users.id, pageIds.id))
    .leftJoinLateral(current, sql`true`);
}

/** The unfiltered list's count statement, and its fixed key in the estimate cache (no SQL rendered per request). */
const ALL_USERS_COUNT_KEY = 'users:all';

/** The SQL of users, and nothing else: no rules, no HTTP. */
export const usersRepository = {
  findUser,

  /** A page as the JSON text of its items (the contract's User[]), and its count. */
  async listJson(
    db: Db,
    now: Date,
    params: { take: number; page: number; where: UserFilter; sort: UserSort },
  ): Promise<{ itemsJson: string } & PageCount> {
    const condition = userConditions(params.where, now);
    const total = await countRows(
      db,
      db.select({ id: users.id }).from(users).where(condition),
      condition === undefined ? ALL_USERS_COUNT_KEY : undefined,
    );
    const window = pageWindow(total.count, params.page, params.take);
    if (window.limit === 0) return { itemsJson: '[]', ...total };
    // The unfiltered list (every visit to the screen opens with it) is prepared per order and
    // direction; a filtered one is built each time.
    const name = `users_page_json_${params.sort.replace(':', '_')}_${window.reverse ? 'reverse' : 'forward'}`;
    const [row] =
      condition === undefined
        ? await executePage(
            db,
            name,
            window,
            (limit, offset) =>
              selectPageJson(
                db,
                undefined,
                params.sort,
                window.reverse,
                limit,
                offset,
                sql`${sql.placeholder('now')}::timestamptz`,
              ),
            { now: now.toISOString() },
          )
        : await selectPageJson(
            db,
            condition,
            params.sort,
            window.reverse,
            window.limit,
            window.offset,
            sql`${now.toISOString()}::timestamptz`,
          );
    return { itemsJson: row?.items ?? '[]', ...total };
  },

  async row(db: Db, id: number): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  },

  async rowByEmail(db: Db, email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.email, email));
    return row;
  },

  /** Locks the row for the rest of the transaction, so a concurrent change cannot slip between read and write. */
  async lock(db: Db, id: number): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
    return row;
  },

  /** These rows (a bulk dry run reads them without locking). */
  async rows(db: Db, ids: number[]): Promise<UserRow[]> {
    return db.select().from(users).where(inArray(users.id, ids)).orderBy(asc(users.id));
  },

  /**
   * These rows, locked for the rest of the transaction in id order: every bulk request takes its
   * locks in the same order, so two of them over overlapping rows wait for each other, never deadlock.
   */
  async lockMany(db: Db, ids: number[]): Promise<UserRow[]> {
    return db.select().from(users).where(inArray(users.id, ids)).orderBy(asc(users.id)).for('update');
  },

  /** One status for many rows in one statement; answers the rows as written. */
  async setStatus(db: Db, ids: number[], status: UserRow['status'], now: Date): Promise<UserRow[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .update(users)
      .set({ status, updatedAt: now, ...nextVersion(users) })
      .where(inArray(users.id, ids))
      .returning();
    await sessionsChanged(
      db,
      rows.map((row) => row.id),
    );
    return rows;
  },

  async countActiveAdmins(db: Db): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
    return row?.n ?? 0;
  },

  async insert(db: Db, values: NewUser): Promise<UserRow> {
    const [row] = await db.insert(users).values(values).returning();
    if (!row) throw new Error('insert returned nothing');
    return row;
  },

  /** A change of the user's record: the next version; with `expected`, only over that version (If-Match). */
  async update(db: Db, id: number, changes: UserChanges, expected?: number): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({ ...changes, ...nextVersion(users) })
      .where(sameVersion(users, id, expected))
      .returning();
    if (row && sessionFields.some((field) => changes[field] !== undefined)) await sessionsChanged(db, [id]);
    return row;
  },

  /** Sets a new password hash on an active account only; answers whether one was changed. */
  async setActivePassword(db: Db, id: number, passwordHash: string, now: Date): Promise<boolean> {
    const updated = await db
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, id), eq(users.status, 'active')))
      .returning({ id: users.id });
    return updated.length > 0;
  },

  async countOtherActiveAdmins(db: Db, id: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), ne(users.id, id)));
    return row?.n ?? 0;
  },
};
