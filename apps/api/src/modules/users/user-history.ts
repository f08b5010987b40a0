import { type UserAction, updateUserBody } from '@pult/contract';
import { restorable, type VersionedResource } from '../revisions';
import type { UserRow } from './user-row';
import { usersRepository as repo } from './users-repository';
import { userNotFound, usersService } from './users-service';

/**
 * What a user's history keeps: the fields staff see and edit. Listed one by one, so a secret column
 * (the password hash) can never ride along: a password change leaves no trace of the password.
 */
const kept = (row: UserRow) => ({
  email: row.email,
  phoneNumber: row.phoneNumber,
  firstName: row.firstName,
  lastName: row.lastName,
  role: row.role,
  status: row.status,
  avatar: row.avatar,
});

const PROFILE = ['email', 'phoneNumber', 'firstName', 'lastName', 'role'] as const;

/** The action that brings a user to a kept status, through the same rules as the buttons. */
const toStatus: Record<UserRow['status'], Record<UserRow['status'], UserAction | null>> = {
  active: { active: null, blocked: 'unblock', deleted: 'restore' },
  blocked: { active: 'block', blocked: null, deleted: 'block' },
  deleted: { active: 'delete', blocked: 'delete', deleted: null },
};

/** Users are versioned and kept in history (docs/decisions/0036). */
export const userHistory: VersionedResource = {
  resource: 'user',
  async read(db, id) {
    const row = await repo.row(db, id);
    return row && { version: row.version, state: kept(row) };
  },
  notFound: userNotFound,
  /** The profile and role through the edit form's rules, then the status through its action's (a restore is two changes). */
  async restore(ctx, id, state) {
    const profile = restorable(updateUserBody, state, PROFILE);
    let user =
      Object.keys(profile).length > 0 ? await usersService.update(ctx, id, profile) : await usersService.get(ctx, id);
    const status = state.status as UserRow['status'] | undefined;
    const action = status ? toStatus[status][user.status] : null;
    if (action) user = await usersService.manage({ ...ctx, ifMatch: undefined }, id, action);
    return user;
  },
};
