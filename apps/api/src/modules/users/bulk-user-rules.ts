import type { BulkUserAction } from '@pult/contract';
import type { BulkRow } from '../../lib/bulk-report';
import type { UserRow } from './user-row';

interface Facts {
  /** The staff member acting. */
  actorId: number;
  /** Active admins right now, the ones in this request included. */
  activeAdmins: number;
  /** Of the rows, those with a session still usable (a sign-out would end it). */
  withLiveSessions: Set<number>;
}

/**
 * What a bulk action would do to each row, by the rules of the single action (users-service
 * `manage`), so a bulk request never allows what one click is refused: a deleted user is neither
 * blocked nor unblocked (USER_STATUS_CONFLICT), nobody blocks themself (SELF_CHANGE), and the last
 * active admin stays (LAST_ADMIN, counted across the whole request). What is already so is
 * `unchanged` and writes nothing, which is also why a repeated or parallel request audits no row twice.
 * Signing oneself out in bulk is refused: it would end the very session asking.
 */
export function planUserBulk(
  action: BulkUserAction,
  ids: number[],
  rows: Map<number, UserRow>,
  facts: Facts,
): BulkRow<number>[] {
  let admins = facts.activeAdmins;
  return ids.map((id): BulkRow<number> => {
    const row = rows.get(id);
    if (!row) return { id, outcome: 'not_found' };
    if (action === 'logout') {
      if (id === facts.actorId) return { id, outcome: 'refused', code: 'SELF_CHANGE' };
      return { id, outcome: facts.withLiveSessions.has(id) ? 'done' : 'unchanged' };
    }
    if (row.status === 'deleted') return { id, outcome: 'refused', code: 'USER_STATUS_CONFLICT' };
    if (action === 'unblock') return { id, outcome: row.status === 'blocked' ? 'done' : 'unchanged' };
    if (row.status === 'blocked') return { id, outcome: 'unchanged' };
    if (id === facts.actorId) return { id, outcome: 'refused', code: 'SELF_CHANGE' };
    if (row.role === 'admin') {
      if (admins <= 1) return { id, outcome: 'refused', code: 'LAST_ADMIN' };
      admins -= 1;
    }
    return { id, outcome: 'done' };
  });
}
