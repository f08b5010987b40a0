import { type BulkUndoResult, type BulkUndoTicket, type Role, UNDO_WINDOW_MS } from '@pult/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bulkUndos, users } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/http-errors';
import { actorOf, type ServiceContext } from '../../lib/service-context';
import { hashToken, randomToken } from '../../lib/tokens';
import { nextVersion } from '../../lib/versions';
import { toUser } from './user-row';

/** One changed record as its undo keeps it: the version the action left it at, and what to put back. */
export interface UndoItem {
  id: number;
  version: number;
  before: Record<string, unknown>;
}

/** The undoable bulk actions, and who may undo each: whoever may run it (and ran this one). */
const undoRoles: Record<string, readonly Role[]> = { 'users-block': ['admin'] };

/** Undone rows are kept a while after their window for a repeated undo to get its answer again, then dropped. */
const KEEP_AFTER_MS = 60 * 60_000;

const undoNotFound = () => notFound('UNDO_NOT_FOUND', 'No such undo of yours');

/**
 * Puts back the users a bulk block blocked: each only if its version is still the one the block left (one
 * UPDATE … WHERE version = …, no read between); a user changed since by anyone is skipped, not overwritten.
 */
async function restoreUsers(ctx: ServiceContext, tx: Db, items: UndoItem[], now: Date) {
  const restored: number[] = [];
  const skipped: BulkUndoResult['skipped'] = [];
  for (const item of items) {
    const status = item.before.status as 'active' | 'blocked';
    const [before] = await tx.select().from(users).where(eq(users.id, item.id));
    if (!before) {
      skipped.push({ id: item.id, reason: 'gone' });
      continue;
    }
    const [after] = await tx
      .update(users)
      .set({ status, updatedAt: now, ...nextVersion(users) })
      .where(and(eq(users.id, item.id), eq(users.version, item.version)))
      .returning();
    if (!after) {
      skipped.push({ id: item.id, reason: 'changed' });
      continue;
    }
    restored.push(item.id);
    await ctx.audit(
      { action: 'unblock', entity: 'user', entityId: item.id, before: toUser(before), after: toUser(after) },
      tx,
    );
  }
  return { restored, skipped };
}

/** Undo of destructive bulk actions (docs/decisions/0043). */
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
      if (!(undoRoles[row.action] ?? []).includes(actor.role)) throw forbidden();
      if (row.undoneAt && row.result) return row.result as BulkUndoResult;
      const now = ctx.clock.now();
      if (row.expiresAt <= now) throw conflict('UNDO_EXPIRED', 'Too late to undo this action');
      const outcome = await restoreUsers(ctx, tx, row.items, now);
      const result: BulkUndoResult = { ...outcome, undoneAt: now.toISOString() };
      await tx
        .update(bulkUndos)
        .set({ undoneAt: now, result: sql`${JSON.stringify(result)}::jsonb` })
        .where(eq(bulkUndos.id, row.id));
      return result;
    }),
};
