import type { BulkUserAction, BulkUsersReport } from '@pult/contract';
import { bulkReport } from '../../lib/bulk-report';
import { actorOf, type ServiceContext } from '../../lib/service-context';
import { bulkUndoService, type UndoItem } from '../bulk-undos';
import { revokeSessionsOfUsers, usersWithLiveSessions } from '../sessions';
import { planUserBulk } from './bulk-user-rules';
import { toUser, type UserRow } from './user-row';
import { usersBlockUndo } from './users-block-undo';
import { usersRepository as repo } from './users-repository';

const statusAfter: Record<Exclude<BulkUserAction, 'logout'>, UserRow['status']> = {
  block: 'blocked',
  unblock: 'active',
};

/** Block, unblock or sign out many users: one transaction, the rows locked, one audit event per changed row. */
export const bulkUsersService = {
  run: (
    ctx: ServiceContext,
    body: { action: BulkUserAction; ids: number[]; dryRun: boolean },
  ): Promise<BulkUsersReport> =>
    ctx.db.transaction(async (tx) => {
      const { action, ids, dryRun } = body;
      const now = ctx.clock.now();
      // A dry run only reads; a real one locks the rows first so the plan holds until commit.
      const rows = dryRun ? await repo.rows(tx, ids) : await repo.lockMany(tx, ids);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const results = planUserBulk(action, ids, byId, {
        actorId: actorOf(ctx).userId,
        activeAdmins: action === 'block' ? await repo.countActiveAdmins(tx) : 0,
        withLiveSessions: action === 'logout' ? await usersWithLiveSessions(tx, ids, now) : new Set(),
      });
      if (dryRun) return bulkReport(results, true);

      const changed = results.filter((row) => row.outcome === 'done').map((row) => row.id);
      const written =
        action === 'logout' ? new Map<number, UserRow>() : await writeStatus(tx, changed, statusAfter[action], now);
      if (action === 'block' || action === 'logout') await revokeSessionsOfUsers(tx, now, changed, action);
      const undo: UndoItem[] = [];
      for (const id of changed) {
        const before = byId.get(id);
        if (!before) continue;
        const after = written.get(id) ?? before;
        await ctx.audit({ action, entity: 'user', entityId: id, before: toUser(before), after: toUser(after) }, tx);
        undo.push({ id, version: after.version, before: { status: before.status } });
      }
      // A block can be undone for a short while (docs/decisions/0043): exactly these users, at these versions.
      const ticket = action === 'block' ? await bulkUndoService.record(ctx, tx, usersBlockUndo.action, undo) : null;
      return { ...bulkReport(results, false), undo: ticket };
    }),
};

async function writeStatus(tx: ServiceContext['db'], ids: number[], status: UserRow['status'], now: Date) {
  const rows = await repo.setStatus(tx, ids, status, now);
  return new Map(rows.map((row) => [row.id, row]));
}
