import type { UndoRefusal } from '@pult/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { conflict, notFound } from '../../lib/http-errors';
import type { ServiceContext } from '../../lib/service-context';
import { importsRepository as repo } from './imports-repository';
import { kindSql, removeRecords, undoBlockers } from './rules/kind-sql';

/** Thrown inside the undo's transaction to roll it back: some record could not be removed. */
class UndoRefused extends Error {}

const isForeignKeyViolation = (error: unknown): boolean => {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

/** Records that kept the undo back: the known reasons, or, for a reference nothing names, "in use". */
async function refusals(db: Db, kind: Parameters<typeof undoBlockers>[1], importId: number): Promise<UndoRefusal[]> {
  const known = await undoBlockers(db, kind, importId);
  if (known.length > 0) return known;
  const rows = await queryRows<{ row: number; record_id: number | string }>(
    db,
    sql`SELECT r.row, r.record_id FROM import_rows r
        WHERE r.import_id = ${importId} AND r.record_id IS NOT NULL AND r.before IS NULL
          AND EXISTS (SELECT 1 FROM ${sql.raw(kindSql[kind].table)} t WHERE t.id = r.record_id)
        ORDER BY r.row LIMIT 1000`,
  );
  return rows.map((row) => ({ row: row.row, recordId: Number(row.record_id), reason: 'in_use' as const }));
}

/**
 * Puts back exactly the records the import updated and removes exactly those it created, all or
 * nothing, in one transaction with the import locked: each record is restored or removed only while
 * it is as the import left it (the condition is in the UPDATE and the DELETE, so a change committed
 * meanwhile keeps it), and if any is kept the whole undo rolls back and answers 409 with the list,
 * which the import also keeps for its screen. Records already deleted by hand are simply gone.
 */
export async function undoImport(ctx: ServiceContext, importId: number): Promise<void> {
  const now = ctx.clock.now();
  try {
    await ctx.db.transaction(async (tx) => {
      const imp = await repo.findForUpdate(tx, importId);
      if (!imp) throw notFound('IMPORT_NOT_FOUND', 'No such import');
      const finished = imp.status === 'done' || imp.status === 'failed';
      if (imp.dryRun || !finished || imp.imported === 0)
        throw conflict('IMPORT_NOT_UNDOABLE', 'Only an import that created or updated records can be undone, once');
      let removed: number;
      let restored: number;
      try {
        const outcome = await removeRecords(tx, imp.kind, imp.id);
        if (outcome.left > 0) throw new UndoRefused();
        removed = outcome.removed;
        restored = outcome.restored;
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new UndoRefused();
        throw error;
      }
      if (imp.kind === 'promo-codes' && imp.seriesId !== null && removed > 0) {
        await tx.execute(sql`UPDATE promo_series SET generated = generated - ${removed},
          codes_count = codes_count - ${removed} WHERE id = ${imp.seriesId}`);
      }
      await repo.update(tx, imp.id, { status: 'undone', undoneAt: now, undoRefusals: [] });
      await ctx.audit({ action: 'undo-import', entity: 'import', entityId: imp.id, after: { removed, restored } }, tx);
    });
  } catch (error) {
    if (!(error instanceof UndoRefused)) throw error;
    const imp = await repo.find(ctx.db, importId);
    if (!imp) throw notFound('IMPORT_NOT_FOUND', 'No such import');
    const list = await refusals(ctx.db, imp.kind, importId);
    await repo.update(ctx.db, importId, { undoRefusals: list });
    const rows = list.slice(0, 20).map((refusal) => refusal.row);
    throw conflict(
      'IMPORT_UNDO_REFUSED',
      `Nothing was removed: ${list.length} record(s) changed since the import (rows ${rows.join(', ')}${list.length > 20 ? ', …' : ''})`,
      Object.fromEntries(list.slice(0, 100).map((refusal) => [`row.${refusal.row}`, 'not_allowed' as const])),
    );
  }
}
