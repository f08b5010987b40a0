import type { BulkUndoResult, Role } from '@pult/contract';
import type { Db } from '../../db/client';
import type { ServiceContext } from '../../lib/service-context';

/**
 * One changed record as its undo keeps it. `version` is the mark the action left on the record: its
 * version where it has one (users), else what the action wrote that nothing else writes (a code's
 * `blocked_at`, in milliseconds). The undo puts the record back only while that mark is still there.
 */
export interface UndoItem {
  id: number;
  version: number;
  /** What to put back. */
  before: Record<string, unknown>;
  /** How a person knows the record where its id means nothing to them (a code's value). */
  label?: string;
}

export type UndoOutcome = Pick<BulkUndoResult, 'restored' | 'skipped'>;

/**
 * A bulk action that can be undone, declared by its module (`PultModule.undoable`, docs/decisions/0043):
 * who may undo it (whoever may run it, and ran this one) and how its records are put back. `restore` runs
 * in the undo's transaction and must skip, never overwrite, a record whose mark moved on.
 */
export interface UndoableAction {
  /** As `bulkUndoService.record` was given it: `users-block`, `promo-codes-block`. */
  action: string;
  roles: readonly Role[];
  restore(ctx: ServiceContext, tx: Db, items: UndoItem[], now: Date): Promise<UndoOutcome>;
}
