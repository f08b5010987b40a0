import { describe, expect, it } from 'vitest';
import { planUserBulk } from '../../src/modules/users/bulk-user-rules';
import type { UserRow } from '../../src/modules/users/user-row';

const row = (id: number, role: UserRow['role'], status: UserRow['status']) => ({ id, role, status }) as UserRow;
const rows = (...list: UserRow[]) => new Map(list.map((r) => [r.id, r]));

describe('planUserBulk: the single action’s rules, row by row', () => {
  it('keeps the last active admin across the whole request', () => {
    const admins = rows(row(2, 'admin', 'active'), row(3, 'admin', 'active'));
    // Admins 1 (the caller, outside the selection), 2 and 3 are active: blocking 2 and 3 leaves 1.
    expect(planUserBulk('block', [2, 3], admins, { actorId: 1, activeAdmins: 3, withLiveSessions: new Set() })).toEqual(
      [
        { id: 2, outcome: 'done' },
        { id: 3, outcome: 'done' },
      ],
    );
    // Had only 2 and 3 been active (the caller's own row changed meanwhile), the second is refused.
    expect(planUserBulk('block', [2, 3], admins, { actorId: 1, activeAdmins: 2, withLiveSessions: new Set() })).toEqual(
      [
        { id: 2, outcome: 'done' },
        { id: 3, outcome: 'refused', code: 'LAST_ADMIN' },
      ],
    );
  });

  it('refuses the caller, a deleted user, and reports what is already so as unchanged', () => {
    const all = rows(row(1, 'admin', 'active'), row(2, 'user', 'deleted'), row(3, 'user', 'blocked'));
    const facts = { actorId: 1, activeAdmins: 1, withLiveSessions: new Set([3]) };
    expect(planUserBulk('block', [1, 2, 3, 4], all, facts)).toEqual([
      { id: 1, outcome: 'refused', code: 'SELF_CHANGE' },
      { id: 2, outcome: 'refused', code: 'USER_STATUS_CONFLICT' },
      { id: 3, outcome: 'unchanged' },
      { id: 4, outcome: 'not_found' },
    ]);
    expect(planUserBulk('logout', [1, 2, 3], all, facts)).toEqual([
      { id: 1, outcome: 'refused', code: 'SELF_CHANGE' },
      { id: 2, outcome: 'unchanged' },
      { id: 3, outcome: 'done' },
    ]);
  });
});
