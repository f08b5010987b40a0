import type { User } from '@pult/contract';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/**
 * The columns a User is made of, for every read that answers users (lists, one user, related users):
 * the password hash stays in the table, not in the process, not in a heap dump.
 */
export const listedUserColumns = {
  id: users.id,
  email: users.email,
  phoneNumber: users.phoneNumber,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  status: users.status,
  avatar: users.avatar,
  createdAt: users.createdAt,
  lastSeenAt: users.lastSeenAt,
  version: users.version,
};
export type ListedUserRow = Pick<UserRow, keyof typeof listedUserColumns>;

/** Maps a row to the contract's User: the one place that decides what leaves the API (never the hash). */
export function toUser(row: ListedUserRow): User {
  return {
    id: row.id,
    email: row.email,
    phoneNumber: row.phoneNumber,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    status: row.status,
    avatar: row.avatar,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    register: null,
    version: row.version,
  };
}
