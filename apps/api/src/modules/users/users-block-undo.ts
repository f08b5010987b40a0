import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { nextVersion } from '../../lib/versions';
import type { UndoableAction, UndoOutcome } from '../bulk-undos';
import { sessionsChanged } from '../sessions';
import { toUser } from './user-row';

/**
 * The undo of a bulk block (docs/decisions/0043): each user back to the status before, only if their version
 * is still the one the block left (one UPDATE … WHERE version = …, no read between); a user changed since
 * by anyone is skipped, not overwritten. Each restore is audited as `unblock`, so a revision and a live event.
 */
export const usersBlockUndo: UndoableAction = {
  action: 'users-block',
  roles: ['admin'],
  async restore(ctx, tx, items, now) {
    const outcome: UndoOutcome = { restored: [], skipped: [] };
    for (const item of items) {
      const status = item.before.status as 'active' | 'blocked';
      const [before] = await tx.select().from(users).where(eq(users.id, item.id));
      if (!before) {
        outcome.skipped.push({ id: item.id, reason: 'gone' });
        continue;
      }
      const [after] = await tx
        .update(users)
        .set({ status, updatedAt: now, ...nextVersion(users) })
        .where(and(eq(users.id, item.id), eq(users.version, item.version)))
        .returning();
      if (!after) {
        outcome.skipped.push({ id: item.id, reason: 'changed' });
        continue;
      }
      outcome.restored.push(item.id);
      await ctx.audit(
        { action: 'unblock', entity: 'user', entityId: item.id, before: toUser(before), after: toUser(after) },
        tx,
      );
    }
    await sessionsChanged(tx, outcome.restored);
    return outcome;
  },
};
