import type { User } from '@pult/contract';
import type { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** Maps a row to the contract's User: the one place that decides what leaves the API (never the hash). */
export function toUser(row: UserRow): User {
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
  };
}
