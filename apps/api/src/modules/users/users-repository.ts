import type { User, UserWhere } from '@pult/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { countRows, type PageCount, pageWindow } from '../../lib/page-count';
import { type CurrentSubscription, selectUsersWithRegister, toRegister } from '../subscriptions/current-subscription';
import { userConditions, userOrder } from './user-filters';
import { toUser, type UserRow } from './user-row';

/** A row of `selectUsersWithRegister` → the contract's User with its `register`. */
export const toUserWithRegister = (row: { user: UserRow; current: CurrentSubscription }, now: Date): User => ({
  ...toUser(row.user),
  register: toRegister(row.current, now),
});

/** The users with these ids, with their registers, in the order of `ids` (one query). */
export async function findUsers(db: Db, ids: number[], now: Date): Promise<User[]> {
  if (ids.length === 0) return [];
  const rows = await selectUsersWithRegister(db).where(inArray(users.id, ids));
  const byId = new Map(rows.map((row) => [row.user.id, toUserWithRegister(row, now)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findUser(db: Db, id: number, now: Date): Promise<User | undefined> {
  const [row] = await selectUsersWithRegister(db).where(eq(users.id, id));
  return row && toUserWithRegister(row, now);
}

/** A row a route has just written, answered with its register. */
export async function userWithRegister(db: Db, row: UserRow, now: Date): Promise<User> {
  return (await findUser(db, row.id, now)) ?? toUser(row);
}

export async function listUsers(
  db: Db,
  now: Date,
  params: { take: number; page: number; where: UserWhere; sort: string },
): Promise<{ items: User[] } & PageCount> {
  const condition = userConditions(params.where, now);
  const total = await countRows(db, db.select({ id: users.id }).from(users).where(condition));
  const window = pageWindow(total.count, params.page, params.take);
  if (window.limit === 0) return { items: [], ...total };
  // Deferred join: walk the index for the page's ids only (an index-only scan, no heap reads for the
  // rows skipped by OFFSET), then fetch just those rows.
  const ids = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(condition)
      .orderBy(...userOrder(params.sort, window.reverse))
      .limit(window.limit)
      .offset(window.offset)
  ).map((row) => row.id);
  if (window.reverse) ids.reverse();
  return { items: await findUsers(db, ids, now), ...total };
}
