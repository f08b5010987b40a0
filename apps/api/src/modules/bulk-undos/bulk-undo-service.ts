import type { BulkUndoResult, BulkUndoTicket } from '@pult/contract';
import { UNDO_WINDOW_MS } from '@pult/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bulkUndos } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/http-errors';
import { actorOf, type ServiceContext } from '../../lib/service-context';
import { hashToken, randomToken } from '../../lib/tokens';
import type { UndoItem } from './undoable-action';

/** Undone rows are kept a while after their window for a repeated undo to get its answer again, then dropped. */
const KEEP_AFTER_MS = 60 * 60_000;

const undoNotFound = () => notFound('UNDO_NOT_FOUND', 'No such undo of yours');

/**
 * Undo of destructive bulk actions (docs/decisions/0043), one mechanism for every module's: the action
 * keeps what it changed here, and the undo hands it to the action's own `restore` (`ctx.deps.undoActions`).
 */
export const bulkUndoService = {
  /** Keeps what an action changed, in its transaction; answers the ticket the SPA offers «Отменить» with. */
  async record(ctx: ServiceContext, tx: Db, action: string, items: UndoItem[]): Promise<BulkUndoTicket | null> {
    if (items.length === 0) return null;
    const now = ctx.clock.now();
    const token = randomToken();
    const expiresAt = new Date(now.getTime() + UNDO_WINDOW_MS);
    await tx.delete(bulkUndos).where(lt(bulkUndos.expiresAt, new Date(now.getTime() - KEEP_AFTER_MS)));
    await tx.insert(bulkUndos).values({
      id: hashToken(token),
      actorId: actorOf(ctx).userId,
      action,
      items,
      createdAt: now,
      expiresAt,
    });
    return { id: token, expiresAt: expiresAt.toISOString() };
  },

  /**
   * Undoes once: the row is locked, so of two undos at once the second waits and answers the first's result
   * (idempotent). Only its author, while their role may run the action, within the window.
   */
  undo: (ctx: ServiceContext, token: string): Promise<BulkUndoResult> =>
    ctx.db.transaction(async (tx) => {
      const actor = actorOf(ctx);
      const [row] = await tx
        .select()
        .from(bulkUndos)
        .where(and(eq(bulkUndos.id, hashToken(token)), eq(bulkUndos.actorId, actor.userId)))
        .for('update');
      if (!row) throw undoNotFound();
      const action = ctx.deps.undoActions.find((candidate) => candidate.action === row.action);
      if (!action?.roles.includes(actor.role)) throw forbidden();
      if (row.undoneAt && row.result) return row.result as BulkUndoResult;
      const now = ctx.clock.now();
      if (row.expiresAt <= now) throw conflict('UNDO_EXPIRED', 'Too late to undo this action');
      const outcome = await action.restore(ctx, tx, row.items, now);
      const result: BulkUndoResult = { ...outcome, undoneAt: now.toISOString() };
      await tx
        .update(bulkUndos)
        .set({ undoneAt: now, result: sql`${JSON.stringify(result)}::jsonb` })
        .where(eq(bulkUndos.id, row.id));
      return result;
    }),
};
