import { and, eq } from 'drizzle-orm';
import { promoCodes } from '../../../db/schema';
import type { UndoableAction, UndoItem, UndoOutcome } from '../../bulk-undos';
import { seriesRepository } from '../series/series-repository';
import type { CodeRow } from './codes-repository';

/** What the undo keeps of a code the bulk block blocked: its status before, and the block's time as its mark. */
export const codeUndoItem = (row: CodeRow, blockedAt: Date): UndoItem => ({
  id: row.id,
  version: blockedAt.getTime(),
  before: { status: row.status },
  label: row.value,
});

/**
 * The undo of a bulk block of codes (docs/decisions/0043). Codes have no version: the block's mark is the
 * `blocked_at` it wrote, so a code is put back only while it is still blocked at that very time (one
 * UPDATE … WHERE blocked_at = …); a code blocked or changed since by anyone is skipped, not overwritten.
 * The series' counters move back with it, and each code is audited as `unblock-code`.
 */
export const codesBlockUndo: UndoableAction = {
  action: 'promo-codes-block',
  roles: ['admin', 'editor'],
  async restore(ctx, tx, items) {
    const outcome: UndoOutcome = { restored: [], skipped: [] };
    const moved = new Map<number, { blocked: number; activated: number }>();
    for (const item of items) {
      const status = item.before.status as 'new' | 'activated';
      const [after] = await tx
        .update(promoCodes)
        .set({ status, blockedAt: null })
        .where(
          and(
            eq(promoCodes.id, item.id),
            eq(promoCodes.status, 'blocked'),
            eq(promoCodes.blockedAt, new Date(item.version)),
          ),
        )
        .returning();
      if (!after) {
        const [still] = await tx.select({ id: promoCodes.id }).from(promoCodes).where(eq(promoCodes.id, item.id));
        outcome.skipped.push({ id: item.id, reason: still ? 'changed' : 'gone', label: item.label });
        continue;
      }
      outcome.restored.push(item.id);
      const counts = moved.get(after.seriesId) ?? { blocked: 0, activated: 0 };
      counts.blocked -= 1;
      if (status === 'activated') counts.activated += 1;
      moved.set(after.seriesId, counts);
      await ctx.audit(
        {
          action: 'unblock-code',
          entity: 'promo-code',
          entityId: after.value,
          before: { status: 'blocked' },
          after: { status },
        },
        tx,
      );
    }
    for (const [seriesId, delta] of moved) await seriesRepository.bumpCounters(tx, seriesId, delta);
    return outcome;
  },
};
