import {
  type ActivatedCode,
  type ActivatedQuery,
  activatedFilterOf,
  type CodeLookup,
  type GeneratedCodesPage,
} from '@pult/contract';
import { csvHeader, csvLine } from '../../../lib/csv';
import type { ServiceContext } from '../../../lib/service-context';
import { codeNotFound, codeNotFoundAnywhere, seriesNotFound } from '../promo-errors';
import { seriesRepository } from '../series/series-repository';
import { listActivatedCodes } from './activated-codes-repository';
import { codesRepository as repo, toBlockedCode } from './codes-repository';

async function seriesHead(ctx: ServiceContext, id: number) {
  const series = await seriesRepository.head(ctx.db, id);
  if (!series) throw seriesNotFound();
  return series;
}

const codeLine = (code: { value: string; status: string; activatedAt: string | null }) =>
  csvLine([code.value, code.status, code.activatedAt]);

/** The codes of a series: all of them, the used ones, one blocked. */
export const codesService = {
  /** A page of the series' codes; `code` (upper-cased) keeps those starting with it, typed with or without the prefix. */
  generated: async (
    ctx: ServiceContext,
    id: number,
    query: { take: number; page: number; code?: string },
  ): Promise<GeneratedCodesPage> => {
    const series = await seriesHead(ctx, id);
    const starts = query.code ? [query.code, `${series.prefix}${query.code}`] : [];
    const { items, count, isEstimate } = await repo.page(ctx.db, id, query.take, query.page, starts);
    return { items, count, countIsEstimate: isEstimate, seriesName: series.name };
  },

  /**
   * The whole series as CSV lines (BOM and header first, for spreadsheet programs): checked and
   * audited before the first byte, then streamed batch by batch.
   */
  csv: async (ctx: ServiceContext, id: number): Promise<AsyncGenerator<string>> => {
    await seriesHead(ctx, id);
    await ctx.audit({ action: 'export-codes', entity: 'promo-series', entityId: id });
    return (async function* lines() {
      yield csvHeader(['code', 'status', 'activatedAt']);
      for await (const batch of repo.batches(ctx.db, id)) yield batch.map(codeLine).join('');
    })();
  },

  /** The flat parameters or the seed's `where` JSON, read into one filter by the contract. */
  activated: async (ctx: ServiceContext, id: number, query: ActivatedQuery) => {
    const result = await listActivatedCodes(ctx.db, id, activatedFilterOf(query));
    // Only an empty answer needs to tell "no such series" (404) from "nothing matched".
    if (result.items.length === 0) await seriesHead(ctx, id);
    return { items: result.items, count: result.count, countIsEstimate: result.isEstimate };
  },

  /** A code by its exact value (already upper-cased by the contract), in whichever series holds it. */
  lookup: async (ctx: ServiceContext, value: string): Promise<CodeLookup> => {
    const found = await repo.findByValue(ctx.db, value);
    if (!found) throw codeNotFoundAnywhere();
    return found;
  },

  /** Blocking a blocked code changes nothing; a used code may be blocked and leaves the activated count. */
  block: (ctx: ServiceContext, seriesId: number, code: string): Promise<ActivatedCode> =>
    ctx.db.transaction(async (tx) => {
      const before = await repo.lock(tx, seriesId, code.toUpperCase());
      if (!before) throw codeNotFound();
      if (before.status === 'blocked') return toBlockedCode(before);
      const after = await repo.block(tx, before.id, ctx.clock.now());
      await seriesRepository.bumpCounters(tx, seriesId, {
        blocked: 1,
        activated: before.status === 'activated' ? -1 : 0,
      });
      await ctx.audit(
        {
          action: 'block-code',
          entity: 'promo-code',
          entityId: before.value,
          before: { status: before.status },
          after: { status: 'blocked' },
        },
        tx,
      );
      return toBlockedCode(after ?? before);
    }),
};
