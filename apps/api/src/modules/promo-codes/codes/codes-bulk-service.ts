import type { BulkCodesReport } from '@pult/contract';
import { type BulkRow, bulkReport } from '../../../lib/bulk-report';
import type { ServiceContext } from '../../../lib/service-context';
import { bulkUndoService } from '../../bulk-undos';
import { seriesNotFound } from '../promo-errors';
import { seriesRepository } from '../series/series-repository';
import { codesBlockUndo, codeUndoItem } from './codes-block-undo';
import { codesRepository as repo } from './codes-repository';

/**
 * «Block selected» on a series' codes: the single block's rules for many codes in one transaction.
 * Only codes of this series are found (others are `not_found`, as the single block answers 404);
 * a blocked code stays `unchanged` and writes nothing, so a repeated or parallel request audits no
 * code twice; a used code may be blocked and leaves the activated count.
 */
export const codesBulkService = {
  block: (
    ctx: ServiceContext,
    seriesId: number,
    body: { codes: string[]; dryRun: boolean },
  ): Promise<BulkCodesReport> =>
    ctx.db.transaction(async (tx) => {
      if (!(await seriesRepository.head(tx, seriesId))) throw seriesNotFound();
      const rows = await repo.many(tx, seriesId, body.codes, !body.dryRun);
      const byValue = new Map(rows.map((row) => [row.value, row]));
      const results = body.codes.map((value): BulkRow<string> => {
        const row = byValue.get(value);
        if (!row) return { id: value, outcome: 'not_found' };
        return { id: value, outcome: row.status === 'blocked' ? 'unchanged' : 'done' };
      });
      if (body.dryRun) return bulkReport(results, true);

      const changed = rows.filter((row) => row.status !== 'blocked');
      const now = ctx.clock.now();
      await repo.blockMany(
        tx,
        changed.map((row) => row.id),
        now,
      );
      if (changed.length > 0) {
        await seriesRepository.bumpCounters(tx, seriesId, {
          blocked: changed.length,
          activated: -changed.filter((row) => row.status === 'activated').length,
        });
      }
      for (const row of changed) {
        await ctx.audit(
          {
            action: 'block-code',
            entity: 'promo-code',
            entityId: row.value,
            before: { status: row.status },
            after: { status: 'blocked' },
          },
          tx,
        );
      }
      // The block can be undone for a short while (docs/decisions/0043): exactly these codes, while still blocked then.
      const items = changed.map((row) => codeUndoItem(row, now));
      const undo = await bulkUndoService.record(ctx, tx, codesBlockUndo.action, items);
      return { ...bulkReport(results, false), undo };
    }),
};
