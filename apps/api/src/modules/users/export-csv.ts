import type { User, UserWhere } from '@pult/contract';
import { and, asc, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { csvHeader, csvLine } from '../../lib/csv';
import { userConditions } from './user-filters';
import { selectUsersWithRegister, toUserWithRegister } from './users-with-register';

/** Small batches keep the stream's memory flat: at most one batch is buffered ahead of the socket. */
const BATCH = 1000;

const COLUMNS: Array<[string, (user: User) => string | number | null | undefined]> = [
  ['id', (u) => u.id],
  ['email', (u) => u.email],
  ['phoneNumber', (u) => u.phoneNumber],
  ['firstName', (u) => u.firstName],
  ['lastName', (u) => u.lastName],
  ['role', (u) => u.role],
  ['status', (u) => u.status],
  ['createdAt', (u) => u.createdAt],
  ['lastSeenAt', (u) => u.lastSeenAt],
  ['subscription', (u) => u.register?.planTitle],
  ['subscriptionStatus', (u) => u.register?.status],
  ['subscriptionExpiresAt', (u) => u.register?.expiresAt],
];

/**
 * Streams the matching users in id order, BATCH rows per query (keyset, not OFFSET), so memory stays
 * flat whatever the size. UTF-8 with a BOM so Excel reads the Cyrillic right. `ids` narrows the
 * file to chosen rows (export selected).
 */
export async function* exportUsersCsv(db: Db, where: UserWhere, now: Date, ids?: number[]): AsyncGenerator<string> {
  yield csvHeader(COLUMNS.map(([name]) => name));
  const condition = and(userConditions(where, now), ids ? inArray(users.id, ids) : undefined);
  let lastId = 0;
  for (;;) {
    const rows = await selectUsersWithRegister(db)
      .where(and(condition, gt(users.id, lastId)))
      .orderBy(asc(users.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    const people = rows.map((row) => toUserWithRegister(row, now));
    yield people.map((user) => csvLine(COLUMNS.map(([, get]) => get(user)))).join('');
    lastId = rows[rows.length - 1]?.user.id ?? lastId;
    if (rows.length < BATCH) return;
  }
}
