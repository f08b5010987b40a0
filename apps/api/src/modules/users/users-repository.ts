import type { User, UserWhere } from '@pult/contract';
import { eq } from 'drizzle-orm';
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
  const rows =
    window.limit === 0
      ? []
      : await db
          .select()
          .from(users)
          .where(condition)
          .orderBy(...userOrder(params.sort, window.reverse))
          .limit(window.limit)
          .offset(window.offset);
  if (window.reverse) rows.reverse();
  return { items: await withRegister(db, rows, now), ...total };
}

export async function findUserRow(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}
