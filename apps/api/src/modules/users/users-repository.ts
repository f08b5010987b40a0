import type { User, UserWhere } from '@pult/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { countRows, type PageCount, pageWindow } from '../../lib/page-count';
import { currentSubscriptions } from '../subscriptions/current-subscription';
import { userConditions, userOrder } from './user-filters';
import { toUser, type UserRow } from './user-row';

/** Rows → contract users, with each one's current subscription filled in by one extra query. */
export async function withRegister(db: Db, rows: UserRow[], now: Date): Promise<User[]> {
  const registers = await currentSubscriptions(
    db,
    rows.map((row) => row.id),
    now,
  );
  return rows.map((row) => ({ ...toUser(row), register: registers.get(row.id) ?? null }));
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
  const byId = new Map(
    (ids.length > 0 ? await db.select().from(users).where(inArray(users.id, ids)) : []).map((r) => [r.id, r]),
  );
  const rows = ids.map((id) => byId.get(id)).filter((row): row is UserRow => row !== undefined);
  return { items: await withRegister(db, rows, now), ...total };
}

export async function findUserRow(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}
